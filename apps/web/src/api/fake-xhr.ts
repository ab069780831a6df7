/** Test helper: a stand-in XMLHttpRequest that records the upload and answers with what a test says. */
import { vi } from 'vitest';

export interface FakeUpload {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: FormData;
}

type Answer = { status: number; body: unknown; progress?: number[] };

/** Installs the fake; each send answers with `answer(upload)` after reporting the given progress. */
export function fakeXhr(answer: (upload: FakeUpload) => Answer) {
  const uploads: FakeUpload[] = [];
  class FakeXMLHttpRequest {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private req: Partial<FakeUpload> = { headers: {} };
    open(method: string, url: string) {
      this.req.method = method;
      this.req.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.req.headers![name.toLowerCase()] = value;
    }
    send(body: FormData) {
      const upload = { ...this.req, body } as FakeUpload;
      uploads.push(upload);
      const a = answer(upload);
      setTimeout(() => {
        for (const loaded of a.progress ?? [])
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
        if (a.status === 0) return this.onerror?.();
        this.status = a.status;
        this.responseText = JSON.stringify(a.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return uploads;
}
