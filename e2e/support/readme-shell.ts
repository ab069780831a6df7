/**
 * The shell examples of README.md as a reader pastes them: a section's ```sh blocks, split into
 * the commands bash runs one after the other (a command goes on over a line ending in a
 * backslash and over newlines inside quotes; comments are left out).
 */
import fs from 'node:fs';
import path from 'node:path';

export const README_PATH = path.resolve(import.meta.dirname, '../../README.md');

/** The text from the heading line `from` up to the next heading line `to` (exclusive). */
export function readmeSection(markdown: string, from: string, to: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(from);
  if (start < 0) throw new Error(`README has no heading "${from}"`);
  const end = lines.indexOf(to, start + 1);
  if (end < 0) throw new Error(`README has no heading "${to}" after "${from}"`);
  return lines.slice(start, end).join('\n');
}

/** The contents of the ```sh blocks of `markdown`, in order. */
export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** The commands of one shell block, each as written (continuations and quoted newlines kept). */
export function shellCommands(block: string): string[] {
  const commands: string[] = [];
  let current = '';
  let quote: "'" | '"' | null = null;
  const end = () => {
    if (current.trim() !== '') commands.push(current.trim());
    current = '';
  };
  for (let i = 0; i < block.length; i++) {
    const c = block[i]!;
    // A comment: '#' outside quotes at the start of a word runs to the end of the line.
    if (quote === null && c === '#' && (current === '' || /\s$/.test(current))) {
      const eol = block.indexOf('\n', i);
      i = (eol < 0 ? block.length : eol) - 1;
      continue;
    }
    current += c;
    if (quote === "'") {
      if (c === "'") quote = null;
    } else if (c === '\\') {
      current += block[i + 1] ?? '';
      i++;
    } else if (quote === '"') {
      if (c === '"') quote = null;
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === '\n') {
      end();
    }
  }
  if (quote !== null) throw new Error(`unclosed ${quote} in shell block:\n${block}`);
  end();
  return commands;
}

/** README.md's commands under one section's heading, block by block. */
export function readmeCommands(from: string, to: string): string[][] {
  const markdown = fs.readFileSync(README_PATH, 'utf8');
  return shellBlocks(readmeSection(markdown, from, to)).map(shellCommands);
}
