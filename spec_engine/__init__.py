"""Blackjack Spec: an executable specification of five blackjack regulations."""
