"""Savage Pathfinder situational rules: every maneuver and circumstance as data + functions.

One module per group of rules (see ``docs/rules/savage-pathfinder.md`` for the heading ->
module -> tests table). How the desktop uses them for one attack:

1. list what the player may choose: :data:`.options.ATTACK_OPTIONS` (``wild-attack``,
   ``desperate-attack-2``, ``called-shot-head``, ``aim``, ``the-drop``, ...),
   :data:`.options.ACTIONS` (``grapple``, ``push``, ``test``, ``area-attack``, ...) and
   :data:`.options.AUTOMATIC_RULES` (what the map decides: ``cover``, ``gang-up``, ...);
2. :func:`.situation.situate` turns the map's measurements (:class:`.situation.AttackFacts`),
   the combatants' states and the chosen option ids into the engine's ``AttackContext``;
3. the engine resolves the attack (``battlemap.rules.savage_pathfinder.attack.resolve_attack``);
4. :func:`.situation.follow_up` applies what comes after (Knockout Blow, nonlethal, the
   attacker turning Vulnerable); :func:`.bystanders.bystanders_hit` checks missed shots.

Area effects go through :func:`.area.resolve_area_attack` instead of step 3; the other actions
have their own functions (listed in ``ACTIONS[...].function``).

Choices where the text is silent or leaves it to the GM:

- Cover from the obscured fraction: at least 1/4 Light, 1/2 Medium, 3/4 Heavy, 9/10 Near Total.
  A prone target shot at from 3" or more has at least Medium Cover (the text's "or prone").
- A target beyond what Dim (25") or Dark (10") light lets anyone see counts as Pitch Darkness.
- Gang Up: the +4 cap applies first, then each of the defender's allies cancels one point.
- Opposed rolls: the attacker needs 4, the defender wins ties, a raise is 4 over his total.
  Grappling subtracts the absolute difference in Scale.
- Modifiers to the defender's Parry (Defend +4, prone -2) and the Parry TN of Ranged Weapons
  in Melee are shown as attack modifiers of the opposite sign: the margin is the same.
- Several obstacles add their Armor; AP pierces the target's own Armor first. Under an area
  effect the sturdiest obstacle between the centre and the victim counts.
- Two Weapons is declared (the stat block lists what is carried, not what is wielded); any
  weapon in the defender's stat block makes him armed for Unarmed Defender.
- Knocked out = Incapacitated with the status "knocked out". Helpless (Finishing Move) =
  Incapacitated or Bound. Incapacitated foes get no free attack on a withdrawal.
- Deviation dice and the random-bystander die never Ace; falling damage does (it is damage).
- A rider with no Riding skill fights unskilled. A skill with no known linked attribute is
  resisted by Smarts in a Test.
"""
