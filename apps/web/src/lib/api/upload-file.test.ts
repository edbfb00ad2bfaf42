import { afterEach, describe, expect, it, vi } from 'vitest';
import { putFile } from './upload-file.ts';

/** A stand-in XMLHttpRequest that records what the PUT sends and answers `status`. */
function fakeXhr(status: number, responseText = '') {
  const sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = {
    headers: {},
  };
  class FakeXhr {
    status = status;
    responseText = responseText;
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    withCredentials = false;
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    send(body: unknown) {
      sent.body = body;
      sent.headers['with-credentials'] = String(this.withCredentials);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      queueMicrotask(() => this.onload?.());
    }
    abort() {
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('putFile', () => {
  it('PUTs to a presigned bucket URL with exactly the headers of the link', async () => {
    const sent = fakeXhr(200);
    const file = new Blob(['solid a\nendsolid a\n']);
    const progress: number[] = [];
    await putFile(
      {
        url: 'https://bucket.s3.us-east-1.amazonaws.com/uploads/x/a.stl?X-Amz-Signature=abc',
        headers: { 'content-type': 'model/stl' },
      },
      file,
      (p) => progress.push(p),
    );
    expect(sent.method).toBe('PUT');
    expect(sent.url).toBe('https://bucket.s3.us-east-1.amazonaws.com/uploads/x/a.stl?X-Amz-Signature=abc');
    expect(sent.headers).toEqual({ 'content-type': 'model/stl', 'with-credentials': 'false' });
    expect(sent.body).toBe(file);
    expect(progress).toEqual([50, 100]);
  });

  it("sends raw bytes to the server's own upload route", async () => {
    const sent = fakeXhr(200);
    await putFile('/services/api/v2/patient_files/upload/1?signature=x', new Blob(['x']), () => undefined);
    expect(sent.headers['content-type']).toBe('application/octet-stream');
  });

  it("reports a refusal in the server's words, and a bucket's XML refusal with the default message", async () => {
    fakeXhr(413, JSON.stringify({ message: 'The file is too large.' }));
    await expect(putFile('/u', new Blob(['x']), () => undefined)).rejects.toMatchObject({
      message: 'The file is too large.',
      status: 413,
    });
    fakeXhr(403, '<?xml version="1.0"?><Error><Code>AccessDenied</Code></Error>');
    await expect(
      putFile(
        { url: 'https://bucket/x', headers: { 'content-type': 'model/stl' } },
        new Blob(['x']),
        () => undefined,
      ),
    ).rejects.toMatchObject({ status: 403 });
  });
});
