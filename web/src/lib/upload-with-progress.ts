/**
 * A multipart POST that reports how much of the body has gone (fetch cannot tell upload progress;
 * XMLHttpRequest's upload events can). Resolves with the JSON answer, rejects with the server's
 * `error` text, or the status when there is none.
 */
export function uploadWithProgress(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onerror = () => reject(new Error('Network error'))
    xhr.onload = () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body)
      else reject(new Error((body as { error?: string } | undefined)?.error ?? `Request failed with status ${xhr.status}`))
    }
    xhr.send(form)
  })
}
