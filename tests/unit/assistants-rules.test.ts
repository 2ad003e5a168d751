import { describe, expect, it } from "vitest";
import { AssistantCreateSchema } from "~/modules/assistants/assistant-form";
import {
  CONVERSATION_MAX_TURNS,
  EMPTY_CONVERSATION,
  NAME_TEXTS,
  appendTurns,
  assistantNameProblems,
  cleanQuestion,
  deleteDocumentQuestion,
  listSearchOf,
  looksLikePdf,
  mayChangeDocuments,
  parseConversation,
  serializeConversation,
  type ChatTurn,
} from "~/modules/assistants/rules";

describe("assistant name (spec 5 'Assistant')", () => {
  const cases: Array<[string, string[]]> = [
    ["Iluminacion", []],
    ["Cables_Conductores", []],
    ["abcd", []],
    ["A1_2", []],
    ["____", []],
    ["1234", []],
    ["abc", [NAME_TEXTS.short]],
    ["", [NAME_TEXTS.short]],
    ["Mi asistente", [NAME_TEXTS.characters]],
    ["Iluminación", [NAME_TEXTS.characters]],
    ["Señal", [NAME_TEXTS.characters]],
    ["cables-thw", [NAME_TEXTS.characters]],
    ["hola!", [NAME_TEXTS.characters]],
    [" abcd", [NAME_TEXTS.characters]],
    ["a b", [NAME_TEXTS.characters, NAME_TEXTS.short]],
    ["ñu", [NAME_TEXTS.characters, NAME_TEXTS.short]],
    ["a".repeat(63), []],
    ["a".repeat(64), [NAME_TEXTS.long]],
  ];
  it.each(cases)("%j → %j", (name, problems) => {
    expect(assistantNameProblems(name)).toEqual(problems);
  });

  it("uses the spec's wording", () => {
    expect(NAME_TEXTS.short.startsWith(NAME_TEXTS.title)).toBe(true);
    expect(NAME_TEXTS.short).toContain("(mínimo cuatro caracteres)");
    expect(NAME_TEXTS.characters).toContain("(Sin caracteres especiales)");
  });

  it("the form schema reports every problem on the name field", () => {
    const bad = AssistantCreateSchema.safeParse({ assistantName: "a b" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([NAME_TEXTS.characters, NAME_TEXTS.short]);
    expect(AssistantCreateSchema.safeParse({}).success).toBe(false);
    expect(AssistantCreateSchema.parse({ assistantName: "Proteccion" })).toEqual({ assistantName: "Proteccion" });
  });
});

describe("documents", () => {
  it("recognises a PDF by its signature", () => {
    expect(looksLikePdf(Buffer.from("%PDF-1.4\n%âãÏÓ\n"))).toBe(true);
    expect(looksLikePdf(Buffer.from("%PD"))).toBe(false);
    expect(looksLikePdf(Buffer.from("PK\u0003\u0004"))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
  });

  it("asks before deleting with the spec's sentence", () => {
    expect(deleteDocumentQuestion("Proteccion")).toBe("¿Esta seguro que desea eliminar este documento el asistente Proteccion?");
  });

  const roles: Array<[string, boolean, boolean]> = [
    ["admin", true, true],
    ["developer", true, true],
    ["ml_manager", true, false],
    ["ml_manager", false, true],
    ["admin", false, true],
  ];
  it.each(roles)("%s on a restricted=%s assistant may change documents: %s", (role, restricted, allowed) => {
    expect(mayChangeDocuments(role, restricted)).toBe(allowed);
  });

  it("a dialog's close link keeps only the list's parameters", () => {
    expect(listSearchOf("?search=ilu&page=2&docPage=3&fileSearch=x&sheet=2")).toBe("?search=ilu&page=2");
    expect(listSearchOf("?docPage=3")).toBe("");
  });
});

describe("chat conversation", () => {
  const turn = (from: ChatTurn["from"], text: string): ChatTurn => ({ from, text, at: "2025-03-01T18:05:00.000Z" });

  it("round-trips through the hidden input; anything malformed restarts it", () => {
    const conversation = appendTurns(EMPTY_CONVERSATION, [turn("user", "¿Qué calibre?"), turn("assistant", "12 AWG")], "resumen");
    expect(parseConversation(serializeConversation(conversation))).toEqual(conversation);
    for (const raw of [null, "", "{", "[]", JSON.stringify({ turns: [{ from: "bot", text: "x", at: "hoy" }] }), 42]) {
      expect(parseConversation(raw)).toEqual(EMPTY_CONVERSATION);
    }
  });

  it("keeps only the most recent turns", () => {
    let c = EMPTY_CONVERSATION;
    for (let i = 0; i < CONVERSATION_MAX_TURNS + 10; i++) c = appendTurns(c, [turn("user", `p${i}`)]);
    expect(c.turns).toHaveLength(CONVERSATION_MAX_TURNS);
    expect(c.turns.at(-1)!.text).toBe(`p${CONVERSATION_MAX_TURNS + 9}`);
  });

  it("trims the question and ignores a blank one", () => {
    expect(cleanQuestion("  ¿Para cuántos volts es?  ")).toBe("¿Para cuántos volts es?");
    expect(cleanQuestion("   ")).toBeNull();
    expect(cleanQuestion(null)).toBeNull();
  });
});
