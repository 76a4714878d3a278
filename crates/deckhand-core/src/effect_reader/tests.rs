//! Tables of card texts and the written form the reader proposes, per game, and texts it
//! must leave unread.
