import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { parseQuery } from "~/lib/query";
import {
  ATTACHMENT_MAX_BYTES,
  canReply,
  endDateParam,
  isPriority,
  mentionsInvoice,
  priorityCutoff,
  replyProblem,
} from "~/modules/messages/rules";
import { MessagesQuery } from "~/modules/messages/schemas";

const NOW = new Date("2025-03-12T18:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000);

describe("priority: buyer wrote last, more than 24 h ago", () => {
  it.each([
    [false, 25, true],
    [false, 24, true],
    [false, 23.9, false],
    [true, 72, false],
    [false, 0, false],
  ])("from seller %s, %d h ago → %s", (fromSeller, hours, expected) => {
    expect(isPriority({ lastMessageFromSeller: fromSeller, lastMessageDate: hoursAgo(hours) }, NOW)).toBe(expected);
  });
  it("no last message is never urgent; the cutoff is 24 h before now", () => {
    expect(isPriority({ lastMessageFromSeller: false, lastMessageDate: null }, NOW)).toBe(false);
    expect(priorityCutoff(NOW).toISOString()).toBe("2025-03-11T18:00:00.000Z");
  });
});

describe("'factura' matching, case and accent insensitive", () => {
  it.each([
    ["Necesito factura", true],
    ["FACTURA por favor", true],
    ["¿Me envían la Factura?", true],
    ["fáctura", true],
    ["facturación", true],
    ["fac tura", false],
    ["", false],
    [null, false],
  ])("%s → %s", (text, expected) => {
    expect(mentionsInvoice(text)).toBe(expected);
  });
});

describe("reply checks and attachment limits", () => {
  it("needs text or a file", () => {
    expect(replyProblem("  ", null)).toEqual({ title: "Mensaje no enviado", message: "No se ha ingresado mensaje o archivo." });
    expect(replyProblem("", { name: "a.pdf", size: 10 })).toBeNull();
    expect(replyProblem("Hola", null)).toBeNull();
  });
  it("25 MB is the maximum", () => {
    expect(ATTACHMENT_MAX_BYTES).toBe(25 * 1024 * 1024);
    expect(replyProblem("", { name: "a.pdf", size: ATTACHMENT_MAX_BYTES })).toBeNull();
    expect(replyProblem("Hola", { name: "b.pdf", size: ATTACHMENT_MAX_BYTES + 1 })).toEqual({
      title: "Tamaño máximo 25M",
      message: "Error al cargar el archivo b.pdf.",
    });
    expect(replyProblem("Hola", { name: "c.zip", tooBig: true })?.title).toBe("Tamaño máximo 25M");
  });
  it("the marketplace's 350-character limit", () => {
    expect(replyProblem("x".repeat(350), null)).toBeNull();
    expect(replyProblem("x".repeat(351), null)?.title).toBe("Mensaje no enviado");
  });
  it("only active conversations take replies", () => {
    expect(canReply("active")).toBe(true);
    expect(canReply("blocked")).toBe(false);
    expect(canReply("closed")).toBe(false);
  });
});

describe("messages query", () => {
  it("the end date sent is the chosen end plus one day", () => {
    expect(endDateParam(DateTime.fromISO("2025-02-28", { zone: "America/Mexico_City" }))).toBe("2025/03/01");
  });
  it("keeps valid parameters and drops bad ones", () => {
    const q = parseQuery(
      new URLSearchParams(
        "section=invoice&page=2&filterLogisticType=acordar&filterStatus=paid&message_status_filter=urgent&shipment_status_filter=bogus&claim_return_status_filter=claim&day_filter=week&assigned_move_filter=unassigned&start_date=2025/01/01&end_date=2025-01-32&sortName=order_date&sortValue=asc",
      ),
      MessagesQuery,
    );
    expect(q).toMatchObject({
      section: "invoice",
      page: 2,
      filterLogisticType: "acordar",
      filterStatus: "paid",
      message_status_filter: "urgent",
      shipment_status_filter: undefined,
      claim_return_status_filter: "claim",
      day_filter: "week",
      assigned_move_filter: "unassigned",
      start_date: "2025/01/01",
      end_date: undefined,
      sortName: "order_date",
      sortValue: "asc",
    });
    expect(parseQuery(new URLSearchParams(""), MessagesQuery).section).toBe("pending");
  });
});
