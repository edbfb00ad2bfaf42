#!/usr/bin/env node
// Fails when the import graph of the apps and packages has a circle. Unlike ESLint's no-cycle, it
// follows type-only imports and dynamic import() too: a circle of types still ties two floors
// together, and a lazy route that imports back into the router is still a circle.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const sourceRoots = ['packages/contracts/src', 'apps/server/src', 'apps/server/test', 'apps/web/src'];
const exts = ['.ts', '.tsx'];

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (exts.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Contracts are imported by package name; map '@archline/contracts[/x]' to its file. */
function resolve(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier === '@archline/contracts') base = path.join(root, 'packages/contracts/src/index.ts');
  else if (specifier.startsWith('@archline/contracts/'))
    base = path.join(root, 'packages/contracts/src', specifier.slice('@archline/contracts/'.length));
  else return null;
  const candidates = [
    base,
    ...exts.map((ext) => base + ext),
    ...exts.map((ext) => path.join(base, 'index' + ext)),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

const files = sourceRoots.flatMap((dir) =>
  existsSync(path.join(root, dir)) ? walk(path.join(root, dir), []) : [],
);
const graph = new Map();
for (const file of files) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const { fileName } of info.importedFiles) {
    const target = resolve(file, fileName);
    if (target && target !== file) targets.add(target);
  }
  graph.set(file, [...targets]);
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function connect(node) {
  const entry = { index, low: index, onStack: true };
  index += 1;
  state.set(node, entry);
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue;
    const seen = state.get(next);
    if (!seen) {
      connect(next);
      entry.low = Math.min(entry.low, state.get(next).low);
    } else if (seen.onStack) entry.low = Math.min(entry.low, seen.index);
  }
  if (entry.low === entry.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) circles.push(component);
  }
}
for (const node of graph.keys()) if (!state.has(node)) connect(node);

if (circles.length === 0) {
  console.log(`Import graph: ${graph.size} files, no circles.`);
} else {
  for (const circle of circles) {
    console.error(`Import circle of ${circle.length} files:`);
    for (const file of circle.sort()) console.error(`  ${path.relative(root, file)}`);
  }
  console.error(`${circles.length} import circle(s).`);
  process.exit(1);
}
