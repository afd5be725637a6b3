import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import LiaisonChat from './index';

/**
 * Tencent's published declarations (`@tencentcloud/chat` 3.6.6, a devDependency read here and never
 * run or shipped) are the contract: every method of its ChatSDK, every key of its enums with its
 * value, and its statics. What Liaison still lacks is listed below by name, so this test fails both
 * when something listed arrives (take it off the list) and when anything else goes missing.
 */
const declarations = readFileSync(createRequire(import.meta.url).resolve('@tencentcloud/chat/index.d.ts'), 'utf8');
const source = ts.createSourceFile('index.d.ts', declarations, ts.ScriptTarget.Latest, false);

function tencentMethods(): string[] {
  const names = new Set<string>();
  source.forEachChild((node) => {
    if (ts.isClassDeclaration(node) && node.name?.text === 'ChatSDK') {
      for (const member of node.members) {
        if (ts.isMethodDeclaration(member) && ts.isIdentifier(member.name)) names.add(member.name.text);
      }
    }
  });
  return [...names].sort();
}

type EnumValues = Record<string, string | number>;

function enumValue(node: ts.Expression | undefined): string | number {
  if (!node) throw new Error('an enum member without a value');
  if (ts.isStringLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken)
    return -(enumValue(node.operand as ts.Expression) as number);
  throw new Error(`an enum value this test cannot read: ${node.getText(source)}`);
}

function tencentModule(): { functions: string[]; enums: Record<string, EnumValues> } {
  const functions: string[] = [];
  const enums: Record<string, EnumValues> = {};
  source.forEachChild((node) => {
    if (!ts.isModuleDeclaration(node) || node.name.text !== 'TencentCloudChat' || !node.body) return;
    if (!ts.isModuleBlock(node.body)) return;
    for (const statement of node.body.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name) functions.push(statement.name.text);
      if (ts.isEnumDeclaration(statement)) {
        enums[statement.name.text] = Object.fromEntries(
          statement.members.map((m) => [(m.name as ts.Identifier).text, enumValue(m.initializer)]),
        );
      }
    }
  });
  return { functions, enums };
}

/** Tencent's methods Liaison does not have yet (issue 27). */
const MISSING_METHODS: string[] = [];
/** Keys of Tencent's enums Liaison does not have yet, as `ENUM.KEY` (issue 27). */
const MISSING_KEYS: string[] = [];
/**
 * Where Tencent's runtime (index.es.js) has another value than its declarations, ours is the
 * runtime's: it is what Tencent's apps and server see.
 */
const RUNTIME_VALUES: Record<string, string | number> = {
  'TYPES.CONV_MARK_TYPE_FOLD': 4,
  'TYPES.CONV_MARK_TYPE_HIDE': 8,
};
/** Statics of Tencent's default export Liaison does not have yet (issue 27). */
const MISSING_STATICS: string[] = [];

describe("Tencent's declarations as the contract", () => {
  const chat = LiaisonChat.create({ SDKAppID: 1, server: 'ws://127.0.0.1:9/im', webRTC: null });
  const { functions, enums } = tencentModule();

  it('reads 148 methods and the TYPES, EVENT and TSignaling enums from the package', () => {
    expect(tencentMethods()).toHaveLength(148);
    expect(Object.keys(enums).sort()).toEqual(['EVENT', 'TSignaling', 'TYPES']);
  });

  it('has every method of Tencent’s ChatSDK but the ones listed as missing', () => {
    const absent = tencentMethods().filter(
      (name) => typeof (chat as unknown as Record<string, unknown>)[name] !== 'function',
    );
    expect(absent).toEqual(MISSING_METHODS);
  });

  it('has every key of Tencent’s enums with Tencent’s value, but the ones listed as missing', () => {
    const statics = LiaisonChat as unknown as Record<string, Record<string, unknown> | undefined>;
    const absent: string[] = [];
    const different: string[] = [];
    for (const [name, values] of Object.entries(enums)) {
      for (const [key, value] of Object.entries(values)) {
        const ours = statics[name]?.[key];
        if (ours === undefined) absent.push(`${name}.${key}`);
        else if (ours !== (RUNTIME_VALUES[`${name}.${key}`] ?? value)) {
          different.push(`${name}.${key}: ${String(ours)} (Tencent ${String(value)})`);
        }
      }
    }
    expect(different).toEqual([]);
    expect(absent).toEqual(MISSING_KEYS);
  });

  it('lists every Tencent method in docs/sdk.md’s table, missing exactly where the SDK lacks it', () => {
    const docs = readFileSync(new URL('../../../docs/sdk.md', import.meta.url), 'utf8');
    const rows = [...docs.matchAll(/^\| `(\w+)` \| (yes|missing) \|/gm)].map(([, name, here]) => ({ name, here }));
    expect(rows.map((r) => r.name).sort()).toEqual(tencentMethods());
    expect(
      rows
        .filter((r) => r.here === 'missing')
        .map((r) => r.name)
        .sort(),
    ).toEqual(MISSING_METHODS);
  });

  it('has Tencent’s statics: create, VERSION and its enums', () => {
    const wanted = [...functions, 'VERSION', ...Object.keys(enums)].sort();
    const absent = wanted.filter((name) => !(name in LiaisonChat));
    expect(absent).toEqual(MISSING_STATICS);
  });
});
