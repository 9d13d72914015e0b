/**
 * The first line a stream says (trimmed): at its first newline, or at its end when it ends on an
 * unfinished line. How a parent process tells a child it may go on (lib/when-told.ts). Rejects when
 * the stream fails.
 */
import type {Readable} from 'node:stream';

export function firstLine(input: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const settle = () => {
      input.off('data', onData);
      input.off('end', settle);
      input.off('error', onError);
      resolve(received.split('\n')[0]!.trim());
    };
    const onData = (chunk: Buffer | string) => {
      received += String(chunk);
      if (received.includes('\n')) settle();
    };
    const onError = (error: Error) => {
      input.off('data', onData);
      input.off('end', settle);
      reject(error);
    };
    input.on('data', onData);
    input.on('end', settle);
    input.on('error', onError);
  });
}
