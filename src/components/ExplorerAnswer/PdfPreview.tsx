/**
 * A PDF answer drawn in the page by pdf.js (Mozilla's reader, loaded only when a PDF arrives): the
 * browsers' own viewers cannot show one here, since a `blob:` document inherits the site's
 * Content-Security-Policy (`object-src 'none'`) and headless browsers download PDFs instead. Each page
 * is a canvas whose fallback content is the page's text, for screen readers and for finding it.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import type * as PdfJs from 'pdfjs-dist';
import type {PDFDocumentProxy} from 'pdfjs-dist';

import styles from './styles.module.css';

/** The most pages drawn: the download has them all. */
const maxPages = 10;

type Read = {document: PDFDocumentProxy; pages: number; text: string[]};

export default function PdfPreview({blob}: {blob: Blob}): ReactNode {
  const canvases = useRef<(HTMLCanvasElement | null)[]>([]);
  const width = useRef<HTMLDivElement>(null);
  const [read, setRead] = useState<Read>();
  const [error, setError] = useState<string>();

  // Read the document: its page count and each page's text.
  useEffect(() => {
    let live = true;
    let destroy: (() => Promise<void>) | undefined;
    void (async () => {
      // pdf.js and its worker as the package builds them (already minified), copied beside the bundle
      // rather than bundled again (plugins/pdf-reader.ts).
      const pdfjs = (await import(
        /* webpackIgnore: true */ new URL('pdfjs-dist/build/pdf.min.mjs', import.meta.url).href
      )) as typeof PdfJs;
      pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
      const task = pdfjs.getDocument({data: new Uint8Array(await blob.arrayBuffer()), verbosity: 0});
      destroy = () => task.destroy();
      const document = await task.promise;
      const text: string[] = [];
      for (let number = 1; number <= Math.min(document.numPages, maxPages); number += 1) {
        const content = await (await document.getPage(number)).getTextContent();
        text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
      }
      if (live) setRead({document, pages: document.numPages, text});
    })().catch((failure: unknown) => {
      if (live) setError(failure instanceof Error ? failure.message : String(failure));
    });
    return () => {
      live = false;
      void destroy?.();
    };
  }, [blob]);

  // Draw each page once its canvas is in the page, as wide as the panel.
  useEffect(() => {
    if (!read) return;
    let live = true;
    void (async () => {
      for (let number = 1; number <= read.text.length && live; number += 1) {
        const canvas = canvases.current[number - 1];
        if (!canvas) continue;
        const page = await read.document.getPage(number);
        const fit = (width.current?.clientWidth || 600) / page.getViewport({scale: 1}).width;
        const viewport = page.getViewport({scale: fit * (window.devicePixelRatio || 1)});
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({canvas, viewport}).promise;
      }
    })().catch((failure: unknown) => {
      if (live) setError(failure instanceof Error ? failure.message : String(failure));
    });
    return () => {
      live = false;
    };
  }, [read]);

  if (error) return <p className={styles.note}>This PDF could not be shown ({error}): download it.</p>;
  if (!read) return <p className={styles.note}>Reading the PDF…</p>;
  return (
    <div ref={width} className={styles.pdf}>
      {read.text.map((text, index) => (
        <canvas
          key={index}
          ref={(canvas) => {
            canvases.current[index] = canvas;
          }}
          className={styles.pdfPage}
          role="img"
          aria-label={`Page ${index + 1} of ${read.pages} of the PDF answer`}>
          {text}
        </canvas>
      ))}
      {read.pages > maxPages && (
        <p className={styles.note}>
          The first {maxPages} of {read.pages} pages are shown: download the PDF for the rest.
        </p>
      )}
    </div>
  );
}
