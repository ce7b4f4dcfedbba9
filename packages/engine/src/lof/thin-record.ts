/** The break record cannot support a model (none, or too short for a training panel): a data fact, not a bug. */
export class ThinRecordError extends Error {
  override readonly name = 'ThinRecordError';
}
