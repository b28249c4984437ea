import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './server.js';

const resultsFile = path.join(repoRoot, 'bench', 'RESULTS.md');

/** Replaces (or appends) the section of RESULTS.md that starts with `## {title}`. */
export async function writeSection(title: string, body: string): Promise<void> {
  let text = '';
  try {
    text = await readFile(resultsFile, 'utf8');
  } catch {
    text =
      '# Benchmark results\n\nEach section is written by its script in `bench/`; rerun it to refresh.\n';
  }
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = text.indexOf(heading);
  if (start === -1) {
    text = `${text.trimEnd()}\n\n${section}`;
  } else {
    const next = text.indexOf('\n## ', start + heading.length);
    text = `${text.slice(0, start)}${section}${next === -1 ? '' : text.slice(next)}`;
  }
  await writeFile(resultsFile, `${text.trimEnd()}\n`);
}

export function machineLine(): string {
  return `Machine: ${process.platform} ${process.arch}, Node ${process.version}, measured ${new Date().toISOString().slice(0, 10)}.`;
}
