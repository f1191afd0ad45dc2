//! A person editing beside pplan: writers and simulated editors at once, nothing lost silently.
