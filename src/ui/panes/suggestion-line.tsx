// One row above the input line: what the word being typed could become
// (`@alias:uri` resources, slash commands and prompts); → takes the first.
import {Box, Text} from 'ink';
import React, {memo} from 'react';
import {fitCells} from '../text/cells.js';
import {safeLine} from '../text/safe.js';
import type {Theme} from '../theme.js';

/** The suggestions row. */
export const SuggestionLine = memo(function SuggestionLine({values, width, theme}: {values: readonly string[]; width: number; theme: Theme}): React.JSX.Element {
  const [first, ...rest] = values.map(safeLine);
  const text = fitCells(`  → ${first}${rest.length ? `   ${rest.join('   ')}` : ''}`, Math.max(1, width));
  return (
    <Box width={width} height={1} flexShrink={0}>
      <Text color={theme.tone('accent')} wrap="truncate-end">
        {text}
      </Text>
    </Box>
  );
});
