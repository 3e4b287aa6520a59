// bench/report.json and bench/report.md: the markdown is rendered from the JSON alone (the lab notes stay in
// bench/rounds.md, which the report links), so any section can be measured again on its own and the report
// re-rendered from the file.
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { missedTargets } from './missed';
import { renderMarkdown, type Report } from './render';

const JSON_FILE = path.join('bench', 'report.json');
const MARKDOWN_FILE = path.join('bench', 'report.md');

export const readReport = (): Report => JSON.parse(fs.readFileSync(JSON_FILE, 'utf8')) as Report;

/** Writes the report as Prettier would (the repository's style), so committing it adds no formatting noise. */
async function writeFormatted(file: string, text: string, parser: 'json' | 'markdown'): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, parser }));
}

/** The missed targets again from the figures, then report.json, then report.md from what was written. */
export async function writeReportFiles(report: Report): Promise<void> {
  report.missed = missedTargets(report);
  await writeFormatted(JSON_FILE, JSON.stringify(report, null, 2), 'json');
  await renderReportFile();
}

/** bench/report.md from bench/report.json alone. */
export async function renderReportFile(): Promise<void> {
  await writeFormatted(MARKDOWN_FILE, renderMarkdown(readReport()), 'markdown');
}
