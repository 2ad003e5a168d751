/**
 * Why a command refused, in the domain's words. One vocabulary for the modules' results; the web
 * side turns a reason into its HTTP status in one place (`REASON_STATUS`, app/lib/http.server.ts),
 * so no module carries a status code.
 *
 * - invalid: the input cannot be accepted as sent (a malformed or forged post; a save whose form a
 *   rule refuses, shown again with what was typed);
 * - forbidden: this user may not do it;
 * - missing: the record asked for is not there (or is not this user's to see);
 * - conflict: the record is no longer as the request assumed (changed meanwhile, already done);
 * - refused: a business rule says no to what was typed;
 * - throttled: too many attempts;
 * - integration: a legacy system refused or did not answer;
 * - unavailable: a service of our own (the PDF printer) is not working right now.
 *
 * Saves through `saveVersioned` use four of them (`SaveReason`, app/lib/save.server.ts): invalid,
 * missing, conflict (a form opened on an older version), integration.
 */
export type Reason = "invalid" | "forbidden" | "missing" | "conflict" | "refused" | "throttled" | "integration" | "unavailable";

/** A refused command: its reason and the Spanish message the page shows. */
export type Refused<R extends Reason = Reason> = { ok: false; reason: R; message: string };
