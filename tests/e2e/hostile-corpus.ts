/**
 * Text an attacker would put anywhere a user can type: markup and script in every form a
 * renderer might execute, links with script schemes, bidi overrides that reorder what a reader
 * sees, zero-width characters, and sizes that break layouts. Every script payload sets
 * `window.__pwned`, so a test can tell whether any of it ran.
 */
export const CANARY = '__pwned';

export const hostileMessages: readonly string[] = [
  `<script>window.${CANARY}=1</script>`,
  `<img src=x onerror="window.${CANARY}=1">`,
  `<svg onload="window.${CANARY}=1"><circle r=10 /></svg>`,
  `<a href="javascript:window.${CANARY}=1">click me</a> and javascript:window.${CANARY}=1`,
  `[link](javascript:window.${CANARY}=1) <iframe src="javascript:window.${CANARY}=1"></iframe>`,
  `<div style="position:fixed;inset:0;background:red" onmouseover="window.${CANARY}=1">cover</div>`,
  `"><body onload=window.${CANARY}=1><"`,
  `{{constructor.constructor('window.${CANARY}=1')()}} \${window.${CANARY}=1}`,
  `<math><mtext><table><mglyph><style><img src=x onerror=window.${CANARY}=1>`,
  'invoice\u202Egnp.exe and \u202Dforced LTR\u202C and \u2067isolated\u2069',
  '\u05E9\u05DC\u05D5\u05DD mixed RTL \u0627\u0644\u0633\u0644\u0627\u0645 text \u202E12345',
  'zero\u200Bwidth\u200Cjoin\u200Dners\uFEFF and 👨‍👩‍👧‍👦 family 🏳️‍🌈 flag',
  `Z̷̢̛̹̝̼͙̣̰͓̰̹̤̳̪̈́̿̽͊̈̈́̓̈̏͑̈́̏ͅa̴̧̩̫̺̹̙̘̲̝̖̫͖͗̇̔̂̈́͜l̵̨̗̩̩̳̰̣̯͈͎̠̭͂̓̋̈́̂̽̎̽͘ͅg̵̛̟̝͉͇̝͔̜̞̦̈́̀͛̈́͛͒͌̓̚ͅo̸̧̨̩͚͖̠̞͉̰͕̗̠͋̆̀̊̊̽̂͊͊̚͝`,
  'a'.repeat(10_000),
  `https://example.com/${'x'.repeat(3000)}`,
  // 12 KB of emoji: as many as the 12K message limit holds (4 bytes each).
  '😀'.repeat(3000),
  `line\n${'\n'.repeat(40)}after forty blank lines`,
  '\t\t\ttabs\u00A0\u00A0\u00A0nbsp\u3000ideographic space',
];

/** Nicknames (500 bytes at most). */
export const hostileNicks: readonly string[] = [
  `<img src=x onerror="window.${CANARY}=1">`,
  'admin\u202Egnp.exe',
  `W${'W'.repeat(200)}`,
  'z\u200Bz\u200D\u200D\uFEFF',
];

/** Group names (30 bytes at most). */
export const hostileGroupNames: readonly string[] = [
  `<svg onload=${CANARY}=1>`,
  '<img src=x onerror=__pwned=1>',
  'grp\u202Egnp.exe',
  'M'.repeat(30),
];

/** Group notices (300 characters at most). */
export const hostileNotice = `<script>window.${CANARY}=1</script><a href="javascript:window.${CANARY}=1">notice</a>\u202Eeciton`;
