// `npm run build`'s Docusaurus step: the three-process build, made of Docusaurus' undocumented build switches, lives
// in the seam to upstream (src/upstream/docusaurus-build.mjs); arguments are passed on.
// relies on: build-switches
import '../src/upstream/docusaurus-build.mjs';
