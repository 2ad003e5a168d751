import { describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { questions } from "../../server/db/schema";
import { forgetResponseTimes, responseTimes } from "~/modules/questions/questions.server";
import { useTestDatabase } from "../helpers/db";

await useTestDatabase();

/**
 * The response-time cards (spec 1 §2 "Response time", §9 targets): the bands are weekdays 9–18,
 * weekdays 18–24 and weekends, by when the question arrived in Mexico City time. This runs the
 * aggregate production runs, on rows whose arrival times sit in each band.
 */
const NOW = new Date("2026-03-14T20:00:00Z"); // Saturday 14:00 in Mexico City (UTC-6)
let id = 9_000_000;
async function answered(store: string, createdMx: string, minutes: number) {
  const created = new Date(`${createdMx}-06:00`);
  await getDb()
    .insert(questions)
    .values({
      id: id++,
      status: "ANSWERED",
      message: "¿Tienen existencia?",
      clientId: 1,
      clientNickname: "CLIENTE",
      store,
      dateCreated: created,
      answeredAt: new Date(created.getTime() + minutes * 60_000),
    });
}

describe("response times by band", () => {
  it("averages each band from the arrival time in Mexico City", async () => {
    // Tuesday 10:00 and 17:30 (working hours), Tuesday 18:00 and 23:00 (extra hours), Saturday and Sunday.
    await answered("Meli1", "2026-03-10T10:00:00", 30);
    await answered("Meli1", "2026-03-10T17:30:00", 50);
    await answered("Meli1", "2026-03-10T18:00:00", 100);
    await answered("Meli1", "2026-03-10T23:00:00", 140);
    await answered("Meli1", "2026-03-07T12:00:00", 300);
    await answered("Meli1", "2026-03-08T08:00:00", 200);
    // 08:59 on a weekday is before working hours: counted in the total only.
    await answered("Meli1", "2026-03-11T08:59:00", 1000);
    forgetResponseTimes();
    const [row] = await responseTimes(NOW);
    expect(row.store).toBe("Meli1");
    expect(row.answered).toBe(7);
    expect(row.weekdays_working_hours).toBe(40);
    expect(row.weekdays_extra_hours).toBe(120);
    expect(row.weekend).toBe(250);
    expect(row.total).toBe(260);
  });
});
