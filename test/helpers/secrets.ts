// Planted secrets (made up, shaped like the real ones).
export const PLANTED_SECRETS = [
  'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
  'AKIAIOSFODNN7EXAMPLE',
  'xoxb-123456789012-abcdefghijkl',
  'sk_live_AbCdEfGhIjKlMnOpQrSt',
  'AIzaSyA-1234567890abcdefghijklmnopqrstu',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  'hunter2-correct-horse',
  'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA',
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
  'tops3cretdbpass',
];
