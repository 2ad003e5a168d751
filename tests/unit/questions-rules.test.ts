import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { bandOf, formatMinutes, responseTimeColor } from "~/modules/questions/response-time";
import { accountOf, appendText, canAnswer, needsRating, storeLabel } from "~/modules/questions/rules";
import { AnswerSchema, QuestionsQuery } from "~/modules/questions/schemas";
import { parseQuery } from "~/lib/query";

const mx = (iso: string) => DateTime.fromISO(iso, { zone: "America/Mexico_City" });

describe("response-time bands (Mexico City time)", () => {
  it.each([
    ["2025-03-10T09:00:00", "weekdays_working_hours"], // Monday 9:00 opens the working band
    ["2025-03-10T17:59:59", "weekdays_working_hours"],
    ["2025-03-10T18:00:00", "weekdays_extra_hours"], // 18–24
    ["2025-03-14T23:59:00", "weekdays_extra_hours"], // Friday night is still a weekday
    ["2025-03-11T08:59:00", null], // before opening: total only
    ["2025-03-15T10:00:00", "weekend"], // Saturday
    ["2025-03-16T23:00:00", "weekend"], // Sunday
  ] as const)("%s → %s", (iso, band) => {
    expect(bandOf(mx(iso))).toBe(band);
  });

  it("uses Mexico City time even for a UTC instant", () => {
    // 2025-03-11 02:00 UTC is Monday 20:00 in Mexico City.
    expect(bandOf(new Date("2025-03-11T02:00:00Z"))).toBe("weekdays_extra_hours");
  });
});

describe("response-time colours: over 4 h red, over 1 h yellow, else green", () => {
  it.each([
    [0, "green"],
    [60, "green"],
    [60.1, "yellow"],
    [120, "yellow"],
    [240, "yellow"],
    [240.5, "red"],
    [600, "red"],
  ] as const)("%d min → %s", (minutes, color) => {
    expect(responseTimeColor(minutes)).toBe(color);
  });
  it("no data has no colour", () => {
    expect(responseTimeColor(null)).toBeNull();
  });
  it("formats minutes", () => {
    expect(formatMinutes(45.4)).toBe("45 min");
    expect(formatMinutes(125)).toBe("2 h 05 min");
    expect(formatMinutes(null)).toBe("—");
  });
});

describe("question rules", () => {
  const base = { status: "UNANSWERED", suggestion: null as string | null, publicationStatus: "active" as string | null };
  it.each([
    [{ ...base }, true],
    [{ ...base, publicationStatus: "paused" }, false],
    [{ ...base, publicationStatus: "paused", suggestion: "Hola" }, true],
    [{ ...base, publicationStatus: null }, false],
    [{ ...base, status: "ANSWERED" }, false],
  ])("canAnswer %o → %s", (q, expected) => {
    expect(canAnswer(q)).toBe(expected);
  });

  it("a pending question with a suggestion needs a 100/50/25 rating", () => {
    const q = { ...base, suggestion: "¡Hola!" };
    expect(needsRating(q, undefined)).toBe(true);
    expect(needsRating(q, 75)).toBe(true);
    for (const v of [100, 50, 25]) expect(needsRating(q, v)).toBe(false);
    expect(needsRating(base, undefined)).toBe(false);
  });

  it("store → account and label", () => {
    expect(accountOf(null)).toBe("main");
    expect(accountOf("")).toBe("main");
    expect(accountOf("Electrica")).toBe("brand");
    expect(storeLabel(null)).toBe("Meli 1");
  });

  it("appends inserted texts", () => {
    expect(appendText("", "B")).toBe("B");
    expect(appendText("A  ", "B")).toBe("A\n\nB");
  });

  it("an empty answer is a Spanish field error", () => {
    const r = AnswerSchema.safeParse({ intent: "answer", questionId: "5", answer: "   " });
    expect(r.success).toBe(false);
    expect(r.error?.flatten().fieldErrors.answer).toEqual(["Escribe una respuesta."]);
  });

  it("list query falls back per parameter", () => {
    const q = parseQuery(new URLSearchParams("tab=history&limit=7&date=2025/02/30&search=abc"), QuestionsQuery);
    expect(q).toEqual({ tab: "history", limit: 7, date: undefined, search: undefined });
    expect(parseQuery(new URLSearchParams("limit=100000&date=2025-02-03"), QuestionsQuery)).toMatchObject({
      tab: "pending",
      limit: 3,
      date: "2025/02/03",
    });
  });
});

describe("draft form with the fast-answer select left empty", () => {
  it.each(["save-draft", "use-suggestion"])("%s is accepted", async (intent) => {
    const { DraftSchema } = await import("~/modules/questions/schemas");
    const parsed = DraftSchema.safeParse({ intent, questionId: "12", answer: "Hola", fastAnswerId: "" });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.fastAnswerId).toBeUndefined();
  });
});
