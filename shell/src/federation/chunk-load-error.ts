// A loaded remote asking for a lazy chunk its origin no longer has: a release replaced the files the page's copy
// of the remote was built with. The bundler names the error ChunkLoadError ("Loading chunk 123 failed.").
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk \S+ failed/i.test(error.message);
}
