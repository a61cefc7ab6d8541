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
  contentType: string | null = 'application/json';
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  answer(status: number, body: unknown) {
    this.answerText(status, JSON.stringify(body));
  }
  /** An answer whose body is not JSON (a balancer's error page, say). */
  answerText(status: number, text: string, contentType: string | null = 'application/json') {
    this.answered = true;
    this.status = status;
    this.contentType = contentType;
    this.responseText = text;
    this.onload?.();
  }
}
