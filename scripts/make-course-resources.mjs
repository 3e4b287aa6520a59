// Makes the academy's PDF resources from their text sources in client/public/courses/resources/: each `.txt`
// becomes a printable A4 `.pdf` beside it (the first line the title, lines starting with a digit and a dot the
// steps, `[ ]` lines check boxes). Run after editing a source:  node scripts/make-course-resources.mjs
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const dir = path.resolve(import.meta.dirname, '../client/public/courses/resources');
const SOURCES = ['setup-checklist.txt', 'french-polish-schedule.txt'];
const WOOD = rgb(0.36, 0.2, 0.1);
const INK = rgb(0.15, 0.12, 0.1);
const [WIDTH, HEIGHT, MARGIN] = [595.28, 841.89, 56];

for (const source of SOURCES) {
  const lines = fs.readFileSync(path.join(dir, source), 'utf8').replace(/\r/g, '').split('\n');
  const pdf = await PDFDocument.create();
  // A fixed date, so the same source always makes the same file.
  const date = new Date('2026-11-24T00:00:00Z');
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  pdf.setProducer('Luthier Registry Academy');
  pdf.setCreator('scripts/make-course-resources.mjs');
  const [title = '', ...body] = lines;
  pdf.setTitle(title);
  const serif = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  let page = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const need = (h) => {
    if (y - h >= MARGIN) return;
    page = pdf.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
  };
  page.drawText(title, { x: MARGIN, y: y - 16, size: 15, font: serif, color: WOOD });
  y -= 32;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 1, color: WOOD });
  y -= 18;
  for (const raw of body) {
    const line = raw.trimEnd();
    if (!line) {
      y -= 6;
      continue;
    }
    need(16);
    const indent = line.length - line.trimStart().length;
    const text = line.trim();
    if (/^\d+\.\s/.test(text)) {
      y -= 6;
      page.drawText(text, { x: MARGIN, y, size: 12, font: bold, color: WOOD });
    } else if (text.startsWith('[ ]')) {
      page.drawRectangle({
        x: MARGIN + indent * 5,
        y: y - 1,
        width: 9,
        height: 9,
        borderColor: INK,
        borderWidth: 0.8,
      });
      page.drawText(text.slice(3).trim(), {
        x: MARGIN + indent * 5 + 16,
        y,
        size: 10.5,
        font: sans,
        color: INK,
      });
    } else if (/\d/.test(text) && /\s{2,}|:\s/.test(line.trim()) && indent > 0) {
      // Measurements keep their columns.
      page.drawText(text, { x: MARGIN + indent * 5, y, size: 10, font: mono, color: INK });
    } else {
      page.drawText(text, {
        x: MARGIN + indent * 5,
        y,
        size: 10.5,
        font: sans,
        color: INK,
        maxWidth: WIDTH - 2 * MARGIN,
      });
    }
    y -= 15;
  }
  page.drawText('Luthier Registry Academy', { x: MARGIN, y: MARGIN - 24, size: 8, font: sans, color: WOOD });
  const out = path.join(dir, source.replace(/\.txt$/, '.pdf'));
  fs.writeFileSync(out, await pdf.save({ useObjectStreams: false }));
  console.log(`${path.basename(out)}: ${fs.statSync(out).size} bytes`);
}
