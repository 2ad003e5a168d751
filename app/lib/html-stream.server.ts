import { Transform } from "node:stream";

/**
 * React 18's stream writer fills 2 KB views; when a multi-byte character does not fit at the end of
 * one, it sends the whole view, unused zero bytes included. A browser turns such a NUL inside an
 * attribute into U+FFFD, so "Sección" could reach a link's name or, worse, a form field's value (and
 * be posted back) as "Secci�ón". A zero byte is never part of a multi-byte UTF-8 sequence, and the
 * app never renders one on purpose, so dropping them is exact.
 */
export function withoutNulBytes(chunk: Buffer): Buffer {
  let at = chunk.indexOf(0);
  if (at === -1) return chunk;
  const out = Buffer.allocUnsafe(chunk.length);
  let length = 0;
  let from = 0;
  while (at !== -1) {
    length += chunk.copy(out, length, from, at);
    from = at + 1;
    at = chunk.indexOf(0, from);
  }
  length += chunk.copy(out, length, from);
  return out.subarray(0, length);
}

/**
 * The document body between React and the response. React writes in 2 KB pieces; every piece would
 * otherwise travel alone through the web-stream bridge and the compressor, so pieces written in the
 * same turn go out as one chunk, cleaned of React's padding bytes.
 */
export function htmlBodyStream() {
  let pending: Buffer[] = [];
  let scheduled = false;
  const send = () => {
    if (pending.length) stream.push(withoutNulBytes(Buffer.concat(pending)));
    pending = [];
  };
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          send();
        });
      }
      done();
    },
    flush(done) {
      send();
      done();
    },
  });
  return stream;
}
