// Reads a `vite build` output folder as the browser would: which JS files the page loads on the main
// thread (entry, its static imports, lazy routes and their preload lists) and which are only reached
// through `new URL(..., import.meta.url)` (the worker). TypeScript's parser reads the minified chunks,
// so template-literal specifiers (import(`./x.js`)) and strings that merely look like imports are
// told apart correctly.

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ModuleRefs {
  /** static imports, re-exports, dynamic import() and vite's preload lists: loaded on the same thread */
  readonly imports: string[];
  /** the static imports and re-exports alone: what must load before this file runs */
  readonly staticImports: string[];
  /** new URL('x.js', import.meta.url) and new Worker('/x.js'): assets handed elsewhere (workers), not loaded by this thread */
  readonly urls: string[];
}

function isRemote(spec: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(spec) || spec.startsWith('data:') || spec.startsWith('blob:');
}

/** Resolves a specifier found in `fromFile` to a file path inside `distDir`, or null when it points outside. */
export function resolveSpecifier(distDir: string, fromFile: string | null, spec: string): string | null {
  if (isRemote(spec)) return null;
  const clean = spec.split(/[?#]/)[0]!;
  let resolved: string;
  if (clean.startsWith('/')) resolved = path.join(distDir, clean);
  else if (clean.startsWith('./') || clean.startsWith('../')) resolved = path.resolve(path.dirname(fromFile ?? path.join(distDir, 'index.html')), clean);
  // vite's preload lists name files relative to the base ("assets/x.js")
  else resolved = path.join(distDir, clean);
  return resolved.startsWith(distDir + path.sep) ? resolved : null;
}

/** Module scripts and modulepreload links of the built index.html, as dist paths. */
export function htmlEntries(distDir: string, html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
    const tag = m[0];
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (src && /\btype\s*=\s*["']module["']/i.test(tag)) out.push(src);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = m[0];
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (href && /\brel\s*=\s*["']modulepreload["']/i.test(tag)) out.push(href);
  }
  return out.map((s) => resolveSpecifier(distDir, null, s)).filter((p): p is string => p !== null);
}

function stringValue(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

function parse(fileName: string, code: string): ts.SourceFile {
  return ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
}

function isImportMetaUrl(node: ts.Node | undefined, sf: ts.SourceFile): boolean {
  return node !== undefined && node.getText(sf).includes('import.meta.url');
}

/** The module references of one built JS file. */
export function moduleRefs(fileName: string, code: string): ModuleRefs {
  const sf = parse(fileName, code);
  const imports: string[] = [];
  const staticImports: string[] = [];
  const urls: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const s = stringValue(node.moduleSpecifier);
      if (s !== null) {
        imports.push(s);
        staticImports.push(s);
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const s = stringValue(node.arguments[0]);
      if (s !== null) imports.push(s);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL') {
      const s = stringValue(node.arguments?.[0]);
      if (s !== null && isImportMetaUrl(node.arguments?.[1], sf)) urls.push(s);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Worker') {
      // vite's ?worker imports start their chunk by its base-relative address: new Worker(`/assets/x.js`)
      const s = stringValue(node.arguments?.[0]);
      if (s !== null) urls.push(s);
    }
    // children pushed in reverse so they are visited in source order
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => {
      children.push(child);
    });
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  };
  // An explicit stack, not recursion: bundled libraries (pdf.js's worker) hold expression chains
  // thousands of operators deep, past the call stack.
  const stack: ts.Node[] = [sf];
  while (stack.length > 0) visit(stack.pop()!);
  // vite's dynamic-import preload helper keeps the files to preload in one array:
  // const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/a.css"])))=>...
  const deps = /__vite__mapDeps\s*=[^[]*\[([^\]]*)\]/.exec(code)?.[1];
  if (deps) {
    for (const m of deps.matchAll(/["'`]([^"'`]+\.m?js)["'`]/g)) imports.push(m[1]!);
  }
  return { imports, staticImports, urls };
}

export interface Graph {
  /** every JS file reached through imports from the starting files */
  readonly files: Set<string>;
  /** URL references found on the way (resolved), minus files of the graph itself */
  readonly urlRefs: Set<string>;
}

/**
 * Follows imports transitively from `starts`; `new URL` references are recorded, not followed.
 * staticOnly follows static imports alone: the files a page fetches and runs before it can draw.
 */
export function crawl(distDir: string, starts: readonly string[], options: { staticOnly?: boolean } = {}): Graph {
  const files = new Set<string>();
  const urlRefs = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.has(file) || !/\.m?js$/.test(file) || !fs.existsSync(file)) continue;
    files.add(file);
    const refs = moduleRefs(file, fs.readFileSync(file, 'utf8'));
    for (const spec of options.staticOnly ? refs.staticImports : refs.imports) {
      const target = resolveSpecifier(distDir, file, spec);
      if (target) queue.push(target);
    }
    for (const spec of refs.urls) {
      const target = resolveSpecifier(distDir, file, spec);
      if (target) urlRefs.add(target);
    }
  }
  for (const f of files) urlRefs.delete(f);
  return { files, urlRefs };
}

export interface SyntaxFinding {
  readonly feature: string;
  readonly at: number;
  readonly snippet: string;
}

const LOGICAL_ASSIGNMENT = new Set([
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

function isUsing(flags: ts.NodeFlags): boolean {
  // Using and AwaitUsing share bits with Const, so compare the whole block-scope field.
  const scope = flags & ts.NodeFlags.BlockScoped;
  return scope === ts.NodeFlags.Using || scope === ts.NodeFlags.AwaitUsing;
}

/**
 * Syntax that Chrome 80 cannot parse (one unparseable token and the whole chunk fails to load).
 * Chrome 80 does have optional chaining, ?? , class fields, private fields and numeric separators.
 */
export function newerThanChrome80(fileName: string, code: string): SyntaxFinding[] {
  const sf = parse(fileName, code);
  const found: SyntaxFinding[] = [];
  const report = (feature: string, node: ts.Node): void => {
    const at = node.getStart(sf);
    found.push({ feature, at, snippet: code.slice(Math.max(0, at - 40), at + 60) });
  };
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (ts.isBinaryExpression(node)) {
      if (LOGICAL_ASSIGNMENT.has(node.operatorToken.kind)) report('logical assignment ||= &&= ??= (Chrome 85)', node);
      if (node.operatorToken.kind === ts.SyntaxKind.InKeyword && ts.isPrivateIdentifier(node.left)) {
        report('#field in obj (Chrome 91)', node);
      }
    } else if (ts.isClassStaticBlockDeclaration(node)) {
      report('class static block (Chrome 94)', node);
    } else if ((ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) && ts.isPrivateIdentifier(node.name)) {
      report('private method or accessor (Chrome 84)', node);
    } else if (!inFunction && (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier))) {
      report('top-level await (Chrome 89)', node);
    } else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const flags = node.getText(sf).slice(node.getText(sf).lastIndexOf('/') + 1);
      if (/[dv]/.test(flags)) report(`regular expression flag ${flags} (d: Chrome 90, v: Chrome 112)`, node);
    } else if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.attributes) {
      report('import attributes (Chrome 123)', node);
    } else if (ts.isExportSpecifier(node) && (ts.isStringLiteral(node.name) || (node.propertyName && ts.isStringLiteral(node.propertyName)))) {
      report('string export names (Chrome 88)', node);
    } else if (ts.isVariableDeclarationList(node) && isUsing(node.flags)) {
      report('using declarations', node);
    }
    const nested = inFunction || ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node);
    // children pushed in reverse so they are visited in source order
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => {
      children.push(child);
    });
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, nested]);
  };
  // An explicit stack, not recursion: bundled libraries (pdf.js's worker) hold expression chains
  // thousands of operators deep, past the call stack.
  const stack: [ts.Node, boolean][] = [[sf, false]];
  while (stack.length > 0) {
    const [node, inFunction] = stack.pop()!;
    visit(node, inFunction);
  }
  return found;
}

/** Every .js file under dir, recursively. */
export function listJs(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listJs(p));
    else if (/\.m?js$/.test(entry.name)) out.push(p);
  }
  return out;
}
