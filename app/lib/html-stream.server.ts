import { Transform } from "node:stream";

/**
 * The document body between React and the response. React writes in pieces of a few KB; each piece
 * would otherwise travel alone through the web-stream bridge, the compressor and a socket write, so
 * pieces written in the same turn go out as one chunk. (Measured on a signed-in /orders document:
 * without it, `writev` and zlib's per-chunk work cost about 3 ms more per page, decision 0044.)
 */
export function htmlBodyStream() {
  let pending: Buffer[] = [];
  let scheduled = false;
  const send = () => {
    if (pending.length) stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
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
