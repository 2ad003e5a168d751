import { Icon } from "~/components/Icon";
import { PostedSwitch } from "~/components/Switch";
import { Form } from "react-router";
import { useState } from "react";
import { Toaster } from "~/components/Toast";
import type { Toast } from "~/lib/toast";
import { cn } from "~/lib/cn";
import { TEXTS } from "~/modules/publications/constants";
import { GeneratingLabel, useDownload } from "./download-progress";

/** A sync switch of the list (saves at once; see PostedSwitch). */
export function SyncSwitch({
  id,
  field,
  value,
  action,
  label,
}: {
  id: string;
  field: "priceSync" | "stockSync";
  value: boolean;
  action: string;
  label: string;
}) {
  return (
    <PostedSwitch
      action={action}
      fields={{ intent: "sync-switch", id, field }}
      name="value"
      checked={value}
      values={["on", "off"]}
      label={`${label} ${id}`}
      testId={`${field}-${id}`}
    />
  );
}

/**
 * Copies a listing link. With JavaScript it uses the clipboard and shows an info toast; without
 * it, the form asks the server, which answers with a toast holding the link to copy by hand.
 */
export function CopyLinkButton({ id, permalink, action }: { id: string; permalink: string; action: string }) {
  const [toast, setToast] = useState<Toast | null>(null);
  return (
    <Form method="post" action={action} preventScrollReset className="inline">
      <input type="hidden" name="intent" value="copy-link" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        className="btn-ghost px-1 py-0.5 text-xs"
        aria-label={`Copiar enlace de ${id}`}
        onClick={async (e) => {
          if (!navigator.clipboard) return;
          e.preventDefault();
          await navigator.clipboard.writeText(permalink).catch(() => undefined);
          setToast({ id: String(Date.now()), title: TEXTS.linkCopied, message: permalink, variant: "info", durationMs: 3000 });
        }}
      >
        <Icon name="copy" className="h-3.5 w-3.5" />
      </button>
      {toast ? <Toaster toast={toast} /> : null}
    </Form>
  );
}

/**
 * A download that may answer with a toast instead (no rows). Without JavaScript it is a plain link:
 * the browser downloads the file or follows the redirect to the list with the toast. With it, the
 * button shows progress while the file is generated.
 */
export function DownloadButton({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  const { busy, download } = useDownload();
  return (
    <a
      href={href}
      className={cn("btn-secondary", className)}
      aria-busy={busy}
      onClick={async (e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        await download(href);
      }}
    >
      <GeneratingLabel busy={busy}>{children}</GeneratingLabel>
    </a>
  );
}
