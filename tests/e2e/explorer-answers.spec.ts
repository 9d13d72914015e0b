/**
 * The explorer shows every kind of answer (src/components/ExplorerAnswer): status, time, size and
 * headers; JSON as a tree whose nodes fold by mouse and keyboard; an image, audio and a PDF shown in
 * the page under the site's Content-Security-Policy; any answer downloadable under the name its
 * Content-Disposition gives. The API's host is answered by the test's route with real files made here
 * (a PNG, a WAV, a PDF, bytes): nothing leaves the machine.
 */
// cspell:ignore IHDR IDAT IEND nendobj nstartxref: PNG chunk names and PDF keywords after a newline
import {deflateSync, crc32} from 'node:zlib';

import {expect, test, type Page} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {keyField, openExplorer, productionOrigin, testKey} from '../support/explorer';
import {collectConsoleProblems, recordViolations} from '../support/page';

const predictPage = '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model';

type Answer = {contentType: string; body: Buffer; headers?: Record<string, string>};

/** Answers every call to the API's host with `answer`, as a server that allows the site's calls (CORS). */
async function answerWith(page: Page, answer: Answer): Promise<void> {
  await page.route(`${productionOrigin}/**`, (route) =>
    route.fulfill({
      status: 200,
      headers: {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-expose-headers': '*',
        'content-type': answer.contentType,
        'x-request-id': 'req-answers-1',
        ...answer.headers,
      },
      body: route.request().method() === 'OPTIONS' ? '' : answer.body,
    }),
  );
}

async function sendFromExplorer(page: Page, {dark = false} = {}): Promise<void> {
  await openExplorer(page, dark ? `${predictPage}?docusaurus-theme=dark` : predictPage);
  await keyField(page).fill(testKey);
  await page.getByRole('button', {name: 'Send API Request'}).click();
  await expect(panel(page).getByRole('status')).toContainText('200 OK', {timeout: 20_000});
}

const panel = (page: Page) => page.locator('.openapi-explorer__response-container');

/** A PNG of `width` × `height` red pixels. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([220, 30, 30]))]);
  const pixels = Buffer.concat(Array.from({length: height}, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Half a second of a 440 Hz tone: 8-bit mono PCM at 8 kHz, in a WAV file. */
function wav(): Buffer {
  const rate = 8000;
  const samples = Buffer.from(
    Array.from({length: rate / 2}, (_, i) => Math.round(128 + 100 * Math.sin((2 * Math.PI * 440 * i) / rate))),
  );
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** A one-page PDF that says `text`, its cross-reference table computed. */
function pdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let file = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = file.length;
    file += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  file += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(file, 'latin1');
}

test('a JSON answer: status, time, size and headers, and a tree whose nodes fold by mouse and keyboard', async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  const body = {id: 'pred_1', labels: [{name: 'positive', score: 0.93}], usage: {characters: 42}};
  await answerWith(page, {contentType: 'application/json; charset=utf-8', body: Buffer.from(JSON.stringify(body))});
  await sendFromExplorer(page);
  const status = panel(page).getByRole('status');
  // The time as formatDuration writes it: milliseconds, or seconds when a busy machine takes a second or more.
  await expect(status).toContainText(/(\d+ ms|\d+\.\d{2} s)/);
  await expect(status).toContainText(`${JSON.stringify(body).length} B`);
  await expect(status).toContainText('application/json');

  const tree = panel(page).getByRole('group', {name: 'JSON answer'});
  await expect(tree).toContainText('"labels"');
  await expect(tree).toContainText('"positive"');
  // The "usage" object folds with a click and opens again with the keyboard.
  const usage = tree.locator('summary').filter({hasText: '"usage"'});
  await expect(tree).toContainText('"characters"');
  await usage.click();
  await expect(usage).toContainText('1 key }');
  await expect(tree).not.toContainText('"characters"');
  await usage.focus();
  await page.keyboard.press('Enter');
  await expect(tree).toContainText('"characters": 42');
  // The same answer as text, indented.
  await panel(page).getByRole('button', {name: 'Show as text'}).click();
  await expect(panel(page).locator('pre')).toContainText('"score": 0.93');

  // The headers the server let the browser read, by name.
  await panel(page).locator('summary').filter({hasText: 'Headers'}).click();
  await expect(panel(page).getByRole('row', {name: /x-request-id/})).toContainText('req-answers-1');
  expect(await accessibilityProblems(page, '.openapi-explorer__response-container')).toEqual([]);
  expect(problems).toEqual([]);
});

test('an image, audio and a PDF are shown in the page in dark mode, under the Content-Security-Policy', async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  const violations = await recordViolations(page);
  await answerWith(page, {contentType: 'image/png', body: png(40, 20)});
  await sendFromExplorer(page, {dark: true});
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const image = panel(page).getByRole('img', {name: 'The answer (image/png)'});
  // Decoded: the browser read its size from the bytes.
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(40);

  await page.unrouteAll();
  await answerWith(page, {contentType: 'audio/wav', body: wav()});
  await page.getByRole('button', {name: 'Send API Request'}).click();
  const audio = panel(page).locator('audio');
  // Playable: the browser read its length (half a second) from the file.
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), {timeout: 20_000})
    .toBeCloseTo(0.5, 1);
  await expect(audio).toHaveAttribute('controls', '');

  await page.unrouteAll();
  await answerWith(page, {contentType: 'application/pdf', body: pdf('Orchard invoice')});
  await page.getByRole('button', {name: 'Send API Request'}).click();
  // Drawn by pdf.js: the page is a canvas with ink on it, and its text is the canvas's fallback content.
  const pdfPage = panel(page).getByRole('img', {name: 'Page 1 of 1 of the PDF answer'});
  await expect(pdfPage).toContainText('Orchard invoice', {timeout: 30_000});
  await expect
    .poll(
      () =>
        pdfPage.evaluate((canvas: HTMLCanvasElement) => {
          const {data} = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i]! < 100 && data[i + 3]! > 0) dark += 1;
          return dark;
        }),
      {timeout: 30_000},
    )
    .toBeGreaterThan(100);
  expect(await accessibilityProblems(page, '.openapi-explorer__response-container')).toEqual([]);
  expect(await violations()).toEqual([]);
  expect(problems).toEqual([]);
});

test('a binary answer downloads under the name its Content-Disposition gives, byte for byte', async ({page}) => {
  const bytes = Buffer.from(Array.from({length: 3000}, (_, i) => (i * 7) % 256));
  await answerWith(page, {
    contentType: 'application/octet-stream',
    body: bytes,
    headers: {'content-disposition': 'attachment; filename="weights-v2.bin"'},
  });
  await sendFromExplorer(page);
  await expect(panel(page)).toContainText('A binary answer');
  await expect(panel(page).getByRole('status')).toContainText('3.0 kB');
  const downloading = page.waitForEvent('download');
  await panel(page)
    .getByRole('link', {name: /Download/})
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('weights-v2.bin');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
});
