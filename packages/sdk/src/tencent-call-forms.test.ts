import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ChatSDK } from './chat';

/**
 * Every argument form Tencent's declarations accept is accepted: for each method of Tencent's
 * ChatSDK (`@tencentcloud/chat` 3.6.6's index.d.ts, a devDependency never run) that Liaison has,
 * TypeScript compiles `liaison.method(...args)` with `args: Parameters<Tencent's ChatSDK['method']>`.
 * The methods whose Tencent-typed calls do not compile yet are listed by name, so this test fails both
 * when a listed one starts conforming (take it off the list) and when another one breaks.
 *
 * Tencent declares TYPES and EVENT as TypeScript enums, and an enum's members are nominal: no value
 * from another package, Liaison's equal string constants included, is assignable to
 * `TencentCloudChat.TYPES.CONV_C2C`. That artefact is neutralised before compiling: a member used as a
 * type (`TencentCloudChat.TYPES.GENDER_MALE`) becomes its literal value (`'Gender_Type_Male'`), and
 * the whole enum used as a type (`conversationType: TencentCloudChat.TYPES`, where Tencent's JSDoc
 * lists the few members that field takes) becomes the union of every member's value. So a field
 * Tencent types with the whole enum conforms only where Liaison accepts every TYPES value there.
 */
const SDK_SOURCES = dirname(fileURLToPath(import.meta.url));
const ROOT = join(SDK_SOURCES, '../../..');
const TENCENT = createRequire(import.meta.url).resolve('@tencentcloud/chat/index.d.ts');

/**
 * Tencent's ChatSDK methods whose Tencent-typed calls do not compile against Liaison yet: each needs
 * behaviour, not only a wider declaration (issue 27).
 */
const NOT_CONFORMING: string[] = [];

/** Tencent's declarations with each enum used as a type replaced by its values (see above). */
function neutralisedDeclarations(): string {
  const text = readFileSync(TENCENT, 'utf8');
  const source = ts.createSourceFile('index.d.ts', text, ts.ScriptTarget.Latest, true);
  const enums = new Map<string, Map<string, string>>();
  source.forEachChild((node) => {
    if (!ts.isModuleDeclaration(node) || node.name.text !== 'TencentCloudChat' || !node.body) return;
    if (!ts.isModuleBlock(node.body)) return;
    for (const statement of node.body.statements) {
      if (!ts.isEnumDeclaration(statement)) continue;
      const members = new Map<string, string>();
      for (const member of statement.members) {
        if (member.initializer) members.set((member.name as ts.Identifier).text, member.initializer.getText(source));
      }
      enums.set(statement.name.text, members);
    }
  });
  const exported = new Set<string>();
  source.forEachChild((node) => {
    const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
    const isExported = modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (
      isExported &&
      (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isClassDeclaration(node))
    ) {
      if (node.name) exported.add(node.name.text);
    }
  });
  const liaisonTypes = liaisonExports();
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(source).split('.');
      const prefix = name[0] === 'TencentCloudChat' ? name.slice(1) : name;
      const members = prefix[0] === undefined ? undefined : enums.get(prefix[0]);
      if (members && prefix.length === 1) {
        edits.push({ start: node.getStart(source), end: node.end, text: 'any' });
        return;
      }
      if (name.length === 1 && exported.has(name[0] as string) && liaisonTypes.has(name[0] as string)) {
        edits.push({ start: node.getStart(source), end: node.end, text: `Liaison.${name[0]}` });
        return;
      }
      const value = members && prefix.length === 2 ? members.get(prefix[1] as string) : undefined;
      if (value !== undefined) {
        edits.push({ start: node.getStart(source), end: node.end, text: value });
        return;
      }
    }
    node.forEachChild(visit);
  };
  visit(source);
  let out = `import type * as Liaison from './index';\n${text}`;
  const offset = out.length - text.length;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, offset + edit.start) + edit.text + out.slice(offset + edit.end);
  }
  return out;
}

/** The names `@liaison/sdk`'s entry exports. */
function liaisonExports(): Set<string> {
  const entry = join(SDK_SOURCES, 'index.ts');
  const source = ts.createSourceFile(entry, readFileSync(entry, 'utf8'), ts.ScriptTarget.Latest, false);
  const names = new Set<string>();
  source.forEachChild((node) => {
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const element of node.exportClause.elements) names.add(element.name.text);
    }
  });
  return names;
}

function tencentMethods(declarations: string): string[] {
  const source = ts.createSourceFile('index.d.ts', declarations, ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  source.forEachChild((node) => {
    if (!ts.isClassDeclaration(node) || node.name?.text !== 'ChatSDK') return;
    for (const member of node.members) {
      if (ts.isMethodDeclaration(member) && ts.isIdentifier(member.name)) names.push(member.name.text);
    }
  });
  return names;
}

/** Compiles one Tencent-typed call per method against Liaison's ChatSDK; answers the methods that fail, with why. */
function nonConforming(): Record<string, string> {
  const declarations = neutralisedDeclarations();
  const methods = tencentMethods(declarations).filter(
    (name) => typeof Reflect.get(ChatSDK.prototype, name) === 'function',
  );
  const tencentFile = join(SDK_SOURCES, '__tencent__.d.ts');
  const checkFile = join(SDK_SOURCES, '__tencent-call-forms__.ts');
  const lines = [
    "import type { ChatSDK as Tencent } from './__tencent__';",
    "import type { ChatSDK as Liaison } from './chat';",
    'declare const liaison: Liaison;',
  ];
  const firstCall = lines.length;
  for (const method of methods) {
    lines.push(`{ const args = null as unknown as Parameters<Tencent['${method}']>; liaison.${method}(...args); }`);
  }
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('cannot read tsconfig.json');
  const files = new Map([
    [tencentFile, declarations],
    [checkFile, lines.join('\n')],
  ]);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || ts.sys.fileExists(name);
  host.getSourceFile = (name, language) => {
    const text = files.get(name);
    return text === undefined ? getSourceFile(name, language) : ts.createSourceFile(name, text, language);
  };
  const program = ts.createProgram([checkFile], { ...config.options, noEmit: true }, host);
  const failures: Record<string, string> = {};
  for (const diagnostic of program.getSemanticDiagnostics(program.getSourceFile(checkFile))) {
    if (diagnostic.file?.fileName !== checkFile || diagnostic.start === undefined) {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const method = methods[line - firstCall];
    if (method === undefined) throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    failures[method] = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  }
  return failures;
}

describe("Tencent's argument forms", () => {
  it('compile against every Liaison method but those listed as not conforming yet', () => {
    const failures = nonConforming();
    if (process.env.CALL_FORMS_VERBOSE) console.log(failures);
    expect(Object.keys(failures).sort()).toEqual([...NOT_CONFORMING].sort());
  }, 120_000);
});
