// The API's side of the 'import' queue.
import type { JobSender } from '../../jobs/sender.ts';

export const IMPORT_QUEUE = 'import';

export interface ImportJobData {
  importId: number;
  clientId: number;
  /** Absolute path of the uploaded file (DATA_DIR is shared by API and workers). */
  path: string;
}

export class ImportQueue {
  constructor(private readonly sender: JobSender) {}

  async send(data: ImportJobData): Promise<void> {
    // One attempt: an import either commits whole or leaves nothing, and a failure is reported, not retried.
    await this.sender.send(IMPORT_QUEUE, data, { retryLimit: 0 });
  }
}
