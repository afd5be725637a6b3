/**
 * Text people type into the composer that markdown-style editors used to rewrite: part numbers,
 * file names with underscores, prices with asterisks, backticks, tildes, Chinese. Each must reach
 * the receiver byte for byte (the unit round trip and the Chromium e2e both use this list).
 */
export const TYPED_TEXT_CORPUS: readonly string[] = [
  '*A1*',
  '_B2_',
  '**md**',
  '`code`',
  '~~删~~',
  '__init__.py',
  'report_2026_final_v2.xlsx',
  'PN *X-100* / _Y_200_ / **Z**',
  'price: *¥99.00* (was *120*)',
  '5 * 3 = 15, 2*3*4',
  '`rm -rf` and ``double``',
  '~approx~ ~~strike~~ ~',
  '中文 *强调* 和 _下划线_ 还有 `代码`',
  '<b>not bold</b> &amp;',
  '# not a heading',
  '- not a list',
  '1. not ordered',
  '> not a quote',
  '---',
  '(c) -> => ... "quoted"',
  'a  b   c',
  '  leading spaces',
  'http://example.com/a_b_c*d*',
  '[not an emoji] [TUIEmoji_Smile]',
];
