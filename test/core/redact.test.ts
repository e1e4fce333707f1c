import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactMessages, redactSecrets } from '../../src/core/redact.ts';
import { PLANTED_SECRETS } from '../helpers/secrets.ts';

test('every common kind of secret is redacted, with its kind named', () => {
  const cases: Array<[string, string]> = [
    [`export ANTHROPIC_API_KEY=${PLANTED_SECRETS[0]}`, 'export ANTHROPIC_API_KEY=[REDACTED:anthropic key]'],
    [`key ${PLANTED_SECRETS[1]} here`, 'key [REDACTED:openai key] here'],
    [`token ${PLANTED_SECRETS[2]}`, 'token [REDACTED:github token]'],
    [`aws ${PLANTED_SECRETS[4]}`, 'aws [REDACTED:aws access key]'],
    [`slack ${PLANTED_SECRETS[5]}`, 'slack [REDACTED:slack token]'],
    [`Authorization: Bearer ${PLANTED_SECRETS[10]}`, 'Authorization: Bearer [REDACTED:token]'],
    [`postgres://app:${PLANTED_SECRETS[12]}@db.internal:5432/orders`, 'postgres://app:[REDACTED:password]@db.internal:5432/orders'],
    [`DB_PASSWORD="${PLANTED_SECRETS[9]}"`, 'DB_PASSWORD="[REDACTED:secret]"'],
    [`jwt ${PLANTED_SECRETS[8]}`, 'jwt [REDACTED:jwt]'],
    [`-----BEGIN PRIVATE KEY-----\n${PLANTED_SECRETS[11]}\n-----END PRIVATE KEY-----`, '[REDACTED:private key]'],
  ];
  for (const [input, expected] of cases) {
    const redacted = redactSecrets(input);
    assert.equal(redacted.text, expected, input);
    assert.ok(redacted.count >= 1);
  }
});

test("secrets passed as a command's flags are redacted, the command kept", () => {
  const cases: Array<[string, string]> = [
    ['psql --password Hunter2Staging -h db', 'psql --password [REDACTED:secret] -h db'],
    ['deploy --token=fo1_abcdef123456 --force', 'deploy --token=[REDACTED:secret] --force'],
    ['mysql -uroot -pMyS3cretPw orders', 'mysql -uroot -p[REDACTED:secret] orders'],
    ['redis-cli -h cache -a R3disS3cret ping', 'redis-cli -h cache -a [REDACTED:secret] ping'],
    ['curl -u admin:S3cr3tPw https://ci.example.com/api', 'curl -u admin:[REDACTED:secret] https://ci.example.com/api'],
    ['DB_PASS=Sup3rS3cretValue mix ecto.migrate', 'DB_PASS=[REDACTED:secret] mix ecto.migrate'],
    ['flyctl deploy --access-token fo1_zzzzzzzzzzzz', 'flyctl deploy --access-token [REDACTED:secret]'],
  ];
  for (const [input, expected] of cases) {
    assert.equal(redactSecrets(input).text, expected, input);
  }
  // Not a word that only holds "pass", nor an ordinary flag.
  for (const text of ['compass=north', 'the tests pass: 42 of 42', 'git commit --no-verify -m "x"', 'ls -a -l', 'mysql -h db -P 3306']) {
    assert.deepEqual(redactSecrets(text), { text, count: 0 }, text);
  }
});

test('private blocks vanish, closed or not', () => {
  assert.deepEqual(redactSecrets('keep <private>the launch date is May 3</private> this'), { text: 'keep [private] this', count: 1 });
  assert.equal(redactSecrets('start <private>everything after').text, 'start [private]');
});

test('ordinary prose and placeholders are left alone', () => {
  for (const text of [
    'We decided to use cursor pagination.',
    'password: required',
    'token=${GITHUB_TOKEN}',
    'the auth module uses JWT',
    'api_key=process.env.KEY',
  ]) {
    assert.deepEqual(redactSecrets(text), { text, count: 0 }, text);
  }
});

test('a tool input nested 100,000 levels deep is redacted without overflowing the stack', () => {
  const deep = JSON.parse(`${'['.repeat(100_000)}"sk-ant-${'a'.repeat(30)}"${']'.repeat(100_000)}`) as unknown;
  const { messages } = redactMessages([{ text: '', toolCalls: [{ input: { command: 'ls', nested: deep } }] }]);
  assert.equal(messages[0]?.toolCalls[0]?.input.command, 'ls');
  assert.doesNotMatch(JSON.stringify(messages[0]?.toolCalls[0]?.input.nested).slice(0, 1000), /sk-ant/);
});

test('a secret under a bold markdown label is redacted; a label that only describes is left alone', () => {
  for (const [text, redacted] of [
    ['- **Password:** hunter2', '- **Password:** [REDACTED:secret]'],
    ['**API key**: abc123def', '**API key**: [REDACTED:secret]'],
    ['**Client secret:** `xyz12345`', '**Client secret:** `[REDACTED:secret]`'],
    ['**Auth:** uses OAuth via Google', '**Auth:** uses OAuth via Google'],
    ['**Token:** required', '**Token:** required'],
    ['- **Status:** Still active', '- **Status:** Still active'],
  ] as const) {
    assert.equal(redactSecrets(text).text, redacted, text);
  }
});
