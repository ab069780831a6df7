/** Where specs write the screenshots the README and docs show: the repository's docs/ folder. */
import path from 'node:path';

export const docsPath = (file: string) => path.resolve(import.meta.dirname, '../../docs', file);
