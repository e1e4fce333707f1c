// Capture's passes are linear in their input on the shapes that make patterns backtrack (issue #13's rule for all
// new text code), measured with the shared scaling helper from 10 KB to 1 MB.
import { test } from 'node:test';
import { findMentions, relationsBetween } from '../../src/core/capture/attach.ts';
import { classifyStatement } from '../../src/core/capture/classify.ts';
import { splitStatements } from '../../src/core/capture/segment.ts';
import { slotsOf } from '../../src/core/capture/slots.ts';
import { commitMessage, pullRequestText, readSources, segmentAt } from '../../src/core/capture/sources.ts';
import { PATHOLOGICAL_SHAPES } from '../helpers/pathological-shapes.ts';
import { assertLinearTime } from '../helpers/scaling.ts';

const CAPTURE_PASSES: ReadonlyArray<[string, (text: string) => unknown]> = [
  ['splitStatements', splitStatements],
  ['classifyStatement', (text) => classifyStatement(text, 'assistant')],
  ['findMentions', (text) => relationsBetween(text, findMentions(text))],
  ['slotsOf', (text) => slotsOf(text, 'decision')],
  ['commitMessage', (text) => commitMessage(`git commit -m "$(cat <<'EOF'\n${text}\nEOF\n)" && git commit -m "${text}"`)],
  ['pullRequestText', (text) => pullRequestText(`gh pr create --title "${text}" --body "${text}"`)],
  ['segmentAt', (text) => segmentAt(`git commit -m "${text}"; ls`, 0)],
  [
    'readSources',
    (text) =>
      readSources([
        {
          role: 'assistant',
          text,
          toolCalls: [
            { id: 'p', name: 'ExitPlanMode', input: { plan: text } },
            { id: 't', name: 'TodoWrite', input: { todos: [{ content: text, status: 'pending' }] } },
          ],
        },
      ]),
  ],
];

for (const [name, pass] of CAPTURE_PASSES) {
  test(`${name} takes time linear in its input on every pathological shape`, () => {
    for (const [shapeName, shape] of Object.entries(PATHOLOGICAL_SHAPES)) {
      assertLinearTime(`${name} on ${shapeName}`, pass, shape, { minSampleMs: 5 });
    }
  });
}
