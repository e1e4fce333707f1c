import json, glob, os, re
here = os.path.dirname(os.path.abspath(__file__))
for f in sorted(glob.glob(os.path.join(here, 'src', '*.txt'))):
    name = os.path.basename(f)[:-4]
    project = name.rsplit('-', 1)[0]
    date = None; turns = []
    for line in open(f, encoding='utf-8').read().split('\n'):
        if line.startswith('#date '):
            date = line[6:].strip(); continue
        m = re.match(r'^(U|A): ?(.*)$', line)
        if m:
            turns.append({'role': 'user' if m.group(1) == 'U' else 'assistant', 'text': m.group(2)})
        else:
            turns[-1]['text'] += '\n' + line
    for t in turns: t['text'] = t['text'].strip()
    assert 6 <= len(turns) <= 20, (name, len(turns))
    assert turns[0]['role'] == 'user'
    for a, b in zip(turns, turns[1:]): assert a['role'] != b['role'], (name, a['text'][:40])
    out = {'project': project, 'session': name, 'date': date, 'turns': turns}
    json.dump(out, open(os.path.join(here, 'sessions', name + '.json'), 'w', encoding='utf-8'), indent=2, ensure_ascii=False)
    print(name, date, len(turns))
