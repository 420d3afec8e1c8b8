import type { Db } from "../client.js";

/** Fills an empty database with the demo catalogue and orders (written by the demo-data work). */
export async function seedDemoData(_db: Db): Promise<void> {}
