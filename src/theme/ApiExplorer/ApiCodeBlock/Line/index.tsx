// The same as src/theme/CodeBlock/Line, for the reference's response examples and explorer: a code
// line re-renders only when its tokens change, not each time its block measures its width.
import {memo} from 'react';
import Line from '@theme-original/ApiExplorer/ApiCodeBlock/Line';

export default memo(Line);
