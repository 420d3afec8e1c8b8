import { AppError } from "../../lib/app-error.js";
import type { ImportError } from "./catalogue-model.js";
import { MAX_LISTED_ERRORS } from "./import-limits.js";

/** The errors of one file, by line and column; the list is capped, and then says how many more there were. */
export class ImportErrors {
  readonly list: ImportError[] = [];
  private more = 0;

  add(line: number, column: string, message: string): void {
    if (this.list.length < MAX_LISTED_ERRORS) this.list.push({ line, column, message });
    else this.more += 1;
  }

  get count(): number {
    return this.list.length + this.more;
  }

  /** The list as answered: with a last entry counting the errors left off. */
  answer(): ImportError[] {
    if (this.more === 0) return this.list;
    return [
      ...this.list,
      { line: 0, column: "", message: `…and ${this.more.toLocaleString("en-US")} more errors; correct these first` },
    ];
  }

  /** A refusal of the whole file (too big, not a sheet): nothing is read further. */
  refusal(message: string): AppError {
    return new AppError("PAYLOAD_TOO_LARGE", message);
  }
}
