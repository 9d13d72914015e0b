// A code line re-renders only when its tokens change. Every code block re-renders just after it
// mounts (it measures whether its code scrolls, for the word-wrap button), and re-rendering every
// token of every block was the longest blocking task left after hydration. The tokens and their
// getters keep their identity between renders (speed/shims/lean-prism-react-renderer.tsx).
import {memo} from 'react';
import Line from '@theme-original/CodeBlock/Line';

export default memo(Line);
