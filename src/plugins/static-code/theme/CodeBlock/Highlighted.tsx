// The classic CodeBlock with the grammars of `prism.additionalLanguages` added to its Prism first, as the classic
// theme's startup module did (src/plugins/static-code/theme/CodeBlock loads this on first use).
import type {ReactNode} from 'react';
import {Prism} from 'prism-react-renderer';
// relies on: prism-at-startup
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlock from '@theme-init/CodeBlock';
import type {Props} from '@theme/CodeBlock';

prismIncludeLanguages(Prism);

export default CodeBlock as (props: Props) => ReactNode;
