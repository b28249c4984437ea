import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import PriorityHighOutlined from '@mui/icons-material/PriorityHighOutlined';
import SentimentVerySatisfiedOutlined from '@mui/icons-material/SentimentVerySatisfiedOutlined';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';

export interface ReactionView {
  /** The stored reaction: the emoji the spec's messageReaction event carries. */
  emoji: string;
  label: string;
  Icon: ComponentType<SvgIconProps>;
  color: SvgIconProps['color'];
}

/**
 * The reactions offered on every message. They are stored as emoji but drawn as icons with a
 * name: a browser without an emoji font (Debian's Chromium has none) shows emoji as boxes.
 */
export const REACTIONS: readonly ReactionView[] = [
  { emoji: '👍', label: 'Like', Icon: ThumbUpOutlined, color: 'primary' },
  { emoji: '❤️', label: 'Love', Icon: FavoriteBorder, color: 'error' },
  { emoji: '😂', label: 'Funny', Icon: SentimentVerySatisfiedOutlined, color: 'warning' },
  { emoji: '😮', label: 'Wow', Icon: PriorityHighOutlined, color: 'info' },
  { emoji: '✅', label: 'Agree', Icon: CheckCircleOutlined, color: 'success' },
  { emoji: '❌', label: 'Disagree', Icon: CancelOutlined, color: 'error' },
];

/** The view of a stored reaction; one from elsewhere keeps its own text as its label. */
export const reactionView = (emoji: string): ReactionView | undefined =>
  REACTIONS.find((reaction) => reaction.emoji === emoji);
