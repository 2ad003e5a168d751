import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { parseStorageUrl, type S3StorageConfig } from "../../server/storage";
import { createS3Client } from "../../server/storage/s3";

/** s3rver's fixed keys (it checks signatures made with them). */
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A real S3 endpoint for a test file: s3rver on a free port, its data in a temp folder, one bucket.
 * `stop` takes it down the way a crashed store goes (open connections cut too); `start` brings it
 * back on the same port and data.
 */
export async function startS3Bucket(bucket = "archivos-prueba") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  let server: S3rver | null = null;
  let port = 0;
  const start = async () => {
    const next = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    port = (await next.run()).port;
    server = next;
  };
  await start();
  const stop = async () => {
    if (!server) return;
    const closing = server.close();
    server.httpServer?.closeAllConnections();
    await closing;
    server = null;
  };
  // Through the same parser start-up uses: the test's store is configured as an operator would.
  const parsed = parseStorageUrl(`s3://${bucket}/backoffice/?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=true`, KEYS);
  if (!("kind" in parsed) || parsed.kind !== "s3") throw new Error(`STORAGE_URL de prueba rechazada: ${JSON.stringify(parsed)}`);
  const config: S3StorageConfig = parsed;
  const client = createS3Client(config);
  return {
    config,
    start,
    stop,
    /** Every key in the bucket, prefix included: what S3 itself holds, read past the app's store. */
    async keys(): Promise<string[]> {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (out.Contents ?? []).map((o) => o.Key ?? "").sort();
    },
    async dispose() {
      await stop();
      client.destroy();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
