/**
 * Prism grammars that only the operation pages' code samples need (Java, PHP, Ruby, C#), imported with
 * the API page chunk instead of listed in `prism.additionalLanguages`, which would put them
 * into the main bundle of every page. Prism components extend a free `Prism` variable; the page-weight
 * plugin (src/plugins/page-weight) binds it to prism-react-renderer's instance with ProvidePlugin, so no
 * global is involved (a global would not work in the server render, which runs the server bundle in its
 * own vm context while its chunks run in Node's).
 */
import 'prismjs/components/prism-java';
import 'prismjs/components/prism-markup-templating';
import 'prismjs/components/prism-php';
import 'prismjs/components/prism-ruby';
import 'prismjs/components/prism-csharp';
