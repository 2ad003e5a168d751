import { Readable } from "node:stream";
import busboy from "busboy";

/** One part of a multipart form: a text field (no `filename`) or a file, its bytes as they arrive. */
export type MultipartPart = { name: string; filename?: string; contentType: string; data: AsyncIterable<Uint8Array> };

/** A body that is not a well-formed multipart form (the parser's own words are not for users). */
export class BrokenMultipart extends Error {}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

async function drain(stream: Readable) {
  for await (const _chunk of stream) void _chunk;
}

/**
 * Hands each part of a multipart body to `onPart`, in order, one at a time; a file's bytes are
 * streamed (never held whole). A part `onPart` leaves unread is drained. What `onPart` throws stops
 * the parsing and is thrown; a body that does not parse throws BrokenMultipart.
 */
export async function forEachPart(
  body: Readable | ReadableStream<Uint8Array>,
  contentType: string,
  onPart: (part: MultipartPart) => Promise<void>,
) {
  const source = body instanceof Readable ? body : Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  let parser: busboy.Busboy;
  try {
    // Browsers send file names as UTF-8; sizes are bounded before a body gets here (server/http/bounded-body.ts).
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { fieldSize: Infinity, fieldNameSize: 1000 },
    });
  } catch (error) {
    throw new BrokenMultipart((error as Error).message);
  }
  let chain = Promise.resolve();
  let stop: (error: unknown) => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    stop = reject;
    parser.once("close", resolve);
    parser.once("error", (error: Error) => reject(new BrokenMultipart(error.message)));
    source.once("error", reject);
  });
  const fail = (error: unknown) => {
    stop(error);
    source.unpipe(parser);
    source.destroy();
  };
  parser.on("field", (name: string, value: string, info: busboy.FieldInfo) => {
    chain = chain.then(() => onPart({ name, contentType: info.mimeType, data: once(Buffer.from(value, "utf8")) })).catch(fail);
  });
  parser.on("file", (name: string, stream: Readable, info: busboy.FileInfo) => {
    chain = chain
      .then(() => onPart({ name, filename: info.filename ?? "", contentType: info.mimeType, data: stream }))
      .then(() => drain(stream))
      .catch((error) => {
        stream.resume();
        fail(error);
      });
  });
  source.pipe(parser);
  try {
    await finished;
  } finally {
    await chain;
  }
}

/**
 * The form of a multipart body: each part's value is what `onPart` returns for it (undefined leaves
 * the field out), as the router's upload handlers did.
 */
export async function readMultipartForm(
  request: Request,
  onPart: (part: MultipartPart) => Promise<string | File | undefined>,
): Promise<FormData> {
  const formData = new FormData();
  if (!request.body) throw new BrokenMultipart("sin cuerpo");
  await forEachPart(request.body, request.headers.get("content-type") ?? "", async (part) => {
    const value = await onPart(part);
    if (value !== undefined) formData.append(part.name, value);
  });
  return formData;
}
