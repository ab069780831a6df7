/**
 * Hebrew texts: the same namespace files as English (a test checks), each under its file name,
 * which is the first part of every key. English lists its files by name for the key types.
 */
const files = import.meta.glob<{ default: unknown }>('./*.json', { eager: true });

export default Object.fromEntries(
  Object.entries(files).map(([file, texts]) => [file.replace(/^\.\/|\.json$/g, ''), texts.default]),
);
