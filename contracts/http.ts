// The envelope of every API answer (docs/architecture.md §3).
export type FieldErrors = Record<string, string[]>;

export interface ApiSuccess<T> {
  message?: string;
  data: T;
}

export interface ApiFailure {
  message: string;
  errors?: FieldErrors;
}
