import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';

/** The text of every page of a PDF (parsed with pdfjs). */
export async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return texts.join('\n');
}

/** What a click saves: its suggested name and its bytes. */
export async function downloaded(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await click();
  const file: Download = await downloading;
  const bytes = fs.readFileSync((await file.path())!);
  return { name: file.suggestedFilename(), bytes };
}

/** Waits for the success toast. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}
