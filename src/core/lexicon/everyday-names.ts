// Names a prompt says in passing, without asking about them: the assistant, its makers and its peers; the machine, the
// browser, the editor, the shell (where a bug shows, not what it is about); the days and months a prompt dates
// something by. Written by hand, general, not fitted to any benchmark. They are vocabulary (scripts/build-vocabulary.ts
// puts them in the filter), and, capitalized inside a sentence, still no name of something new to a project
// (retrieval/unknown-words.ts): "it breaks on Firefox", "since Monday".
export const EVERYDAY_NAMES: readonly string[] = [
  ...['claude', 'anthropic', 'codex', 'copilot', 'chatgpt', 'gemini', 'openai', 'cursor', 'windsurf', 'aider'],
  ...['firefox', 'safari', 'chrome', 'chromium', 'edge', 'brave', 'opera'],
  ...['macos', 'osx', 'linux', 'ubuntu', 'debian', 'fedora', 'arch', 'windows', 'android', 'ios', 'ipados'],
  ...['iphone', 'ipad', 'macbook', 'pixel', 'mac', 'english'],
  ...['vscode', 'neovim', 'vim', 'emacs', 'intellij', 'webstorm', 'pycharm', 'xcode', 'iterm'],
  ...['zsh', 'bash', 'fish', 'powershell', 'wsl'],
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november'],
  'december',
];
