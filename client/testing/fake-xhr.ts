/**
 * A stand-in for XMLHttpRequest that a test drives (`vi.stubGlobal('XMLHttpRequest', FakeXhr)`):
 * it keeps every request sent, reports upload progress, answers, and records an abort. As in a
 * browser, aborting a request that was answered does nothing.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  headers: Record<string, string> = {};
  url = '';
  status = 0;
  responseText = '';
  statusText = '';
  withCredentials = false;
  aborted = false;
  answered = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    if (this.answered) return;
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  answer(status: number, body: unknown) {
    this.answered = true;
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
