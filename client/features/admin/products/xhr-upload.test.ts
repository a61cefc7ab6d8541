import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../testing/fake-xhr.ts';
import { xhrUpload } from './xhr-upload.ts';

afterEach(() => vi.unstubAllGlobals());

describe('xhrUpload', () => {
  const send = () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const target = { url: '/api/products/admin/upload', field: 'images', withCredentials: true, unreachable: 'No answer' };
    return xhrUpload(target, new File(['x'], 'photo.jpg'), () => undefined).done;
  };

  it("when nginx answers with its HTML error page, then the upload fails with the status's sentence, never the markup", async () => {
    const done = send();
    FakeXhr.sent[0]!.answerText(413, '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n</html>\r\n', 'text/html');
    await expect(done).rejects.toEqual({ status: 413, message: 'That is too large to send: choose smaller or fewer files.' });
  });

  it('when the shop answers with a message, then the upload fails with it', async () => {
    const done = send();
    FakeXhr.sent[0]!.answer(507, { message: 'The server is out of disk space: free some space, then upload again.', field: 'images' });
    await expect(done).rejects.toEqual({ status: 507, message: 'The server is out of disk space: free some space, then upload again.' });
  });
});
